// Issue 39 parts 1 and 2: a wholesaler imports 5 buyers from a CSV (naming the one column the
// importer does not recognise, one row refused with its reason), puts a homeowner's lead under
// contract at a price and sees the 3 buyers whose box fits it, best first, each with why. Axe on /buyers, the
// import's mapping step and result, the buyer form, and the lead page; then a buyer added by hand
// and one edited; /buyers and the lead's matching buyers at
// 360 px (screenshots in test-results/buyers-screens).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerThroughUi } from './support/accounts';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { leadFromCounterOffer, putUnderContractThroughUi } from './support/leads';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'buyers-screens');

// 'Investor' is no name column the importer knows: the mapping step asks for it.
const buyersCsv = [
  'Investor,Email,Zips,Property Type,Max Price,Max Rehab,Strategy,POF,POF Expires',
  'Ann Lee,ann.buyer@example.com,78702,SFR,300000,50000,flip,300000,12/31/2099',
  'Bob Ray,bob.buyer@example.com,Austin,,,,,,',
  'Cy Diaz,cy.buyer@example.com,,,,,rental,,',
  'Dee Fox,dee.buyer@example.com,Dallas,,,,,,',
  'Eve Gray,eve.buyer@example.com,78702,,50000,,,,',
  'Fay Hill,fay.buyer@example.com,78702,castle,,,,,',
].join('\n');

test('a wholesaler imports 5 buyers from a CSV and sees the 3 that fit a lead under contract, with why', async ({
  page,
  baseURL,
}) => {
  await registerThroughUi(page);
  await page.goto('/buyers');
  await expect(page.getByRole('heading', { name: 'Buyers', level: 1 })).toBeVisible();
  await expect(page.getByText('No buyers yet')).toBeVisible();
  await expectNoAxeViolations(page, '/buyers, empty');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import buyers' });
  await dialog.getByLabel('Choose a CSV file').setInputFiles({
    name: 'buyers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(buyersCsv),
  });
  await expect(dialog.getByRole('heading', { name: 'Which columns of buyers.csv hold these?' })).toBeVisible();
  await dialog.getByLabel('Buyer name').selectOption({ label: 'Investor' });
  await expect(dialog.getByText('Sample: Ann Lee · Bob Ray · Cy Diaz')).toBeVisible();
  await expectNoAxeViolations(page, 'the import mapping step');
  await dialog.getByRole('button', { name: 'Use these columns' }).click();
  await expect(dialog.getByRole('status')).toHaveText('buyers.csv: 5 buyers added, 0 buyers updated, 1 row refused.');
  const refused = dialog.getByRole('table', { name: 'Rows not imported, and why' });
  await expect(refused.getByRole('row', { name: /^7 Unknown property type "castle"/ })).toBeVisible();
  await expectNoAxeViolations(page, 'the import result');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('status').filter({ hasText: '5 buyers' })).toBeVisible();
  const list = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Ann Lee' }) });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expectNoAxeViolations(page, '/buyers with 5 buyers');

  // The same list again: the workspace remembers the Investor column, so nothing is asked.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('Choose a CSV file').setInputFiles({
    name: 'buyers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(buyersCsv),
  });
  await expect(dialog.getByRole('status')).toHaveText('buyers.csv: 0 buyers added, 5 buyers updated, 1 row refused.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(5);

  const leadId = await leadFromCounterOffer(page, baseURL!);
  // Under Contract, by keyboard, with the contract price matching reads.
  await page.goto(`/leads/${leadId}`);
  await putUnderContractThroughUi(page, '140,000');
  const matching = page.getByRole('region', { name: 'Matching buyers' });
  await expect(matching.getByRole('status').filter({ hasText: 'buyers fit' })).toHaveText('3 buyers fit this deal.');
  const matches = matching.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(matches.getByRole('heading', { level: 3 })).toHaveText(['Ann Lee', 'Bob Ray', 'Cy Diaz']);
  await expect(matching.getByRole('list', { name: 'Why Ann Lee scored 90' }).getByRole('listitem')).toContainText([
    'Buys in 78702',
    'is in their range (up to $300,000)',
    'Repairs $0 within their $50,000 limit',
    'Proof of funds $300,000, valid to 2099-12-31',
  ]);
  await expect(matching.getByRole('list', { name: /^Why Bob Ray scored/ }).getByRole('listitem')).toContainText([
    'Buys in Austin',
  ]);
  await expect(matching.getByRole('list', { name: /^Why Cy Diaz scored/ }).getByRole('listitem')).toContainText([
    'Buys in any area',
  ]);
  await expect(matching).not.toContainText('Dee Fox');
  await expect(matching).not.toContainText('Eve Gray');
  await expectNoAxeViolations(page, 'the lead page with its matching buyers');

  // The form, by keyboard: an empty submit says what is missing and focuses it; then a buyer by hand, and an edit.
  await page.goto('/buyers');
  await page.getByRole('button', { name: 'Add buyer' }).click();
  const form = page.getByRole('dialog', { name: 'Add a buyer' });
  await form.getByRole('button', { name: 'Add buyer' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page, 'the buyer form with its errors');
  await page.keyboard.type('Gil Hart');
  await form.getByLabel('Phone').fill('(512) 555-0142');
  await form.getByLabel('Areas: ZIP codes or cities, separated by commas (empty: anywhere)').fill('78702, Round Rock');
  await form.getByRole('checkbox', { name: 'Condo' }).check();
  await form.getByRole('button', { name: 'Add buyer' }).click();
  await expect(form).toBeHidden();
  const gil = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gil Hart' }) });
  await expect(gil).toContainText('78702, Round Rock');
  await expect(gil).toContainText('Condo');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Ann Lee' }) })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Ann Lee' });
  await edit.getByLabel('Highest price ($)').fill('$350,000');
  await edit.getByRole('button', { name: 'Save buyer' }).click();
  await expect(edit).toBeHidden();
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ann Lee' }) }),
  ).toContainText('Up to $350,000');

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/leads/${leadId}`);
  await expect(matching.getByRole('status').filter({ hasText: 'buyers fit' })).toHaveText('4 buyers fit this deal.');
  await matching.scrollIntoViewIfNeeded();
  await matching.screenshot({ path: path.join(screenshots, 'matching-buyers-360.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto('/buyers');
  await expect(page.getByRole('heading', { name: 'Ann Lee' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '6 buyers' })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'buyers-360.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
