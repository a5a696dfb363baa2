// Teams (issue 26), the Owner's seats and what each role is shown: a Pro workspace's Owner adds
// seats (demo billing, labelled) and the seats line follows; nobody else sees the control.
import type { Page } from '@playwright/test';
import { registerThroughUi } from './support/accounts';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

async function becomePro(page: Page) {
  await page.goto('/wholesalers');
  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('button', { name: 'Confirm Pro plan' }).click();
  await expect(page.getByText('0 of ∞ properties saved')).toBeVisible();
}

test('the Owner of a Pro workspace adds seats by keyboard (demo billing), and the seats line follows', async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto('/team');
  await expect(page.getByText('1 of 1 seat used')).toBeVisible();
  // Seats are sold with Pro only.
  await expect(page.getByRole('heading', { name: 'Add seats' })).toHaveCount(0);

  await becomePro(page);
  await page.goto('/team');
  await expect(page.getByText('1 of 3 seats used')).toBeVisible();
  const seats = page.getByRole('region', { name: 'Add seats' });
  await expect(seats.getByText('Pro includes 3 seats. Each extra seat is $29 per month.')).toBeVisible();
  await expect(seats.getByText('Demo billing: seats are added at once and nobody is charged.')).toBeVisible();
  await expectNoAxeViolations(page, '/team seats');

  await seats.getByLabel('Extra seats').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  await expect(seats.getByText('5 seats, $58 per month for the extra seats (demo).')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(seats.getByRole('button', { name: 'Save seats' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The workspace now has 5 seats (2 extra)')).toBeVisible();
  await expect(page.getByText('1 of 5 seats used')).toBeVisible();
  await expect(seats.getByText('you have 2 extra, $58 per month', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, '/team seats added');

  await page.reload();
  await expect(page.getByText('1 of 5 seats used')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add seats' }).getByLabel('Extra seats')).toHaveValue('2');
});
