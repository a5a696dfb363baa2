// A Pro wholesaler's own formula templates (issue 13): a full maximum-offer formula with cost
// lines is created in Formula Templates, used by the calculator and its receipt, kept with a
// saved property, edited and deleted; a Free wholesaler picks the built-ins and is told the rest
// comes with Pro.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { becomePro, registerThroughUi } from './support/accounts';
import { calculateAsWholesaler } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const screenshots = path.join('test-results', 'custom-templates-screens');

const templatesDialog = (page: Page) => page.getByRole('dialog', { name: 'Formula Templates' });

test('a Pro wholesaler makes a full maximum-offer template, offers with it, edits and deletes it', async ({ page }) => {
  test.setTimeout(60_000);
  await registerThroughUi(page);
  await becomePro(page);
  await calculateAsWholesaler(page, { address: '5 Cost St, Austin, TX' });
  await page.getByRole('button', { name: 'Formula Settings' }).click();
  const dialog = templatesDialog(page);
  await expect(dialog.getByText('No templates of your own yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'New template' }).click();
  await expect(dialog.getByRole('heading', { name: 'New template' })).toBeFocused();

  // A wrong figure is refused with the shared schema's words before anything is sent.
  await dialog.getByLabel('Template name').fill('Full Cost');
  await dialog.getByLabel('Selling costs (% of ARV)').fill('25');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByLabel('Selling costs (% of ARV)')).toHaveAccessibleDescription(
    'Selling costs must be at most 20% of the market value',
  );
  await dialog.getByLabel('Selling costs (% of ARV)').fill('6');
  await dialog.getByLabel('Buying closing costs ($)').fill('3,000');
  await dialog.getByLabel('Holding months').fill('4');
  await dialog.getByLabel('Holding cost per month ($)').fill('1500');
  await dialog.getByLabel('Assignment fee ($)').fill('10000');
  await expectNoAxeViolations(page, 'new template form');
  await page.screenshot({ path: path.join(screenshots, 'template-form-1280.png') });
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Full Cost template saved')).toBeVisible();
  // Gone (after its 2 seconds) before the edit, whose toast says the same words.
  await expect(page.getByText('Full Cost template saved')).toBeHidden();

  // A new template is the one in use: 140,000 − 7,000 − 3,000 − 6,000 − 12,000 − 10,000 = 102,000, less 20,000 and 5,000.
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Using Full Cost')).toBeVisible();
  await page.getByRole('button', { name: 'Get Cash Offer' }).click();
  await expect(page.getByTestId('offer-range')).toHaveText(/\$82,000\s*–?\s*to\s*\$97,000/);
  await page.getByText('How we got this number').click();
  const receipt = page.getByRole('region', { name: 'Your Cash Offer Range' }).getByRole('table');
  await expect(receipt).toContainText('Holding 4 months × $1,500');
  await expect(receipt).toContainText('Selling costs 6% of ARV');
  await expect(receipt).toContainText('Offer range (Full Cost)');

  // Edited: the template in use is applied again with its new figures.
  await page.getByRole('button', { name: 'Formula Settings' }).click();
  await dialog.getByRole('button', { name: 'Edit Full Cost' }).click();
  await dialog.getByLabel('Assignment fee ($)').fill('');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Full Cost template saved')).toBeVisible();
  await page.getByRole('button', { name: 'Get Cash Offer' }).click();
  await expect(page.getByTestId('offer-range')).toHaveText(/\$92,000\s*–?\s*to\s*\$107,000/);

  // Deleted, after asking, by keyboard: the question's Keep takes the focus and gives it back to
  // Delete; once deleted, the focus is on the list's heading, not lost behind the dialog.
  await page.getByRole('button', { name: 'Formula Settings' }).click();
  const deleteButton = dialog.getByRole('button', { name: 'Delete Full Cost' });
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  const question = dialog.getByRole('group', { name: 'Delete Full Cost?' });
  await expect(question.getByRole('button', { name: 'Keep' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('No templates of your own yet.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Your templates' })).toBeFocused();
});

test('a Free wholesaler picks the built-ins and is told own templates come with Pro', async ({ page }) => {
  await registerThroughUi(page);
  await calculateAsWholesaler(page, { address: '6 Free St, Austin, TX' });
  await page.getByRole('button', { name: 'Formula Settings' }).click();
  const dialog = templatesDialog(page);
  await expect(dialog.getByText(/comes with the Pro plan/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'New template' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'formula templates, Free');
});
