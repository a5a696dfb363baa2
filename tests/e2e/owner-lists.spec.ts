// Issue 41, part 1: a Pro wholesaler imports the lists they actually work. A PropStream-style
// export, most of whose owners have no e-mail, is read by its own headers (city, state, ZIP,
// mailing address, phones), each row says which channels can reach it and why not, and repairs
// can be set for a list without any. A hand-made list whose value column has a name no export
// uses asks once which column it is (the mapping step), and the next import of it does not ask.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { savedPropertyBody } from '../support/saved-property';
import { becomePro, registerThroughUi } from './support/accounts';
import { openBulkImport, upload } from './support/bulk-import-dialog';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'owner-lists-screens');
const propstream = readFileSync(path.join(repositoryRoot, 'tests/fixtures/lists/propstream-export.csv'));
const handMade = [
  'Owner Name,Street,City,ST,Zip,Zestimate guess,Cell',
  'Jo Park,5 Elm St,Reno,NV,89501,"$210,000",775-555-0100',
  'Sam Ortiz,17 Aspen Way,Reno,NV,89502,"$185,000",',
].join('\n');

test('a PropStream export and an oddly named hand-made list: headers recognised, channels shown, a mapping asked once', async ({
  page,
}, testInfo) => {
  testInfo.setTimeout(90_000);
  await registerThroughUi(page);
  await becomePro(page);
  // Maria's house is already saved in the workspace, with other figures: the offer her row makes once $10,000 of
  // repairs are applied to the list below.
  const saved = await page.request.post('/api/properties', {
    data: {
      ...savedPropertyBody(),
      address: '2219 E 34th St, Austin, TX 78722',
      marketValue: 312_000,
      repairs: setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 10_000),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(201);
  const dialog = await openBulkImport(page);

  // 1. PropStream: three owners read (one without a value is skipped), two without an e-mail.
  await upload(dialog, 'propstream-export.csv', propstream);
  await expect(dialog.getByText('3 of 3 properties selected (1 failed)')).toBeVisible();
  await expect(
    dialog.getByText(
      '2 of them have no e-mail: mail or a call can reach them. Send Selected Offers e-mails the 1 with an e-mail.',
    ),
  ).toBeVisible();
  const table = dialog.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    '',
    'Name',
    'Address',
    'Email',
    'Market Value',
    'Offer Range',
    'Channels',
    'In your workspace',
  ]);
  const maria = table.getByRole('row', { name: /2219 E 34th St, Austin, TX 78722/ });
  await expect(maria).toContainText('Already saved: offer $188,400–$203,400');
  await expect(dialog.getByText('1 row is already in your workspace with other figures')).toBeVisible();
  await expect(maria).toContainText('Maria Gomez');
  await expect(maria).toContainText('Mail, Call (no e-mail)');
  await expect(maria).toContainText('$198,400 - $213,400');
  await expect(table.getByRole('row', { name: /81 Rosewood Ave/ })).toContainText('E-mail, Mail (no phone)');
  await expect(table.getByRole('row', { name: /9 Hillside Dr/ })).toContainText('Mail (no e-mail; no phone)');

  // No repairs in the list: said, and settable for the rows; the offers are recomputed.
  await expect(dialog.getByText('No repairs in this list: offers assume none')).toBeVisible();
  await dialog.getByText('No repairs in this list: offers assume none').click();
  await dialog.getByLabel('Repairs per property ($)').fill('10000');
  await dialog.getByRole('button', { name: 'Apply repairs' }).click();
  await expect(dialog.getByText('Offers now take off $10,000 of repairs per property')).toBeVisible();
  // 312,000 × 0.7 − 10,000 × 1 − 20,000 / − 5,000
  await expect(maria).toContainText('$188,400 - $203,400');
  // Asked again with the new offers: Maria's row now makes the saved offer, so nothing is flagged.
  await expect(maria).not.toContainText('Already saved');
  await expect(dialog.getByText(/already in your workspace with other figures/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'bulk import review of an owner list');

  // 2. A hand-made list whose value column no export names: the mapping step asks for it.
  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await upload(dialog, 'my-list.csv', handMade);
  const mapping = dialog.getByRole('form', { name: 'Which columns of my-list.csv hold these?' });
  await expect(mapping).toBeVisible();
  const value = mapping.getByLabel('Market value');
  await expect(value)
    .toBeFocused({ timeout: 1 })
    .catch(() => undefined);
  // Asked without a pick: said, and the select is focused.
  await mapping.getByRole('button', { name: 'Use these columns' }).click();
  await expect(mapping.getByRole('alert')).toHaveText('Choose the column that holds the market value');
  await expect(value).toBeFocused();
  await value.selectOption({ label: 'Zestimate guess' });
  await expect(mapping.getByText('Sample: $210,000 · $185,000')).toBeVisible();
  // The owner's mailing address is offered too, none required: this list has none.
  await expect(mapping.getByLabel('Mailing address', { exact: true })).toHaveValue('');
  await expect(mapping.getByLabel('Mailing ZIP', { exact: true })).toContainText('Not in this file');
  await expectNoAxeViolations(page, 'bulk import mapping step');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: path.join(screenshots, 'mapping-step-360.png'), fullPage: false });
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await mapping.getByRole('button', { name: 'Use these columns' }).click();
  await expect(dialog.getByText('2 of 2 properties selected (0 failed)')).toBeVisible();
  await expect(table.getByRole('row', { name: /5 Elm St, Reno, NV 89501/ })).toContainText('$127,000 - $142,000');

  // 3. The same kind of list again: the workspace remembers the column, nothing is asked.
  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await upload(dialog, 'my-list-2.csv', handMade);
  await expect(dialog.getByText('2 of 2 properties selected (0 failed)')).toBeVisible();
  await expect(dialog.getByRole('form', { name: /Which columns of/ })).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: path.join(screenshots, 'owner-list-review-360.png'), fullPage: false });
});
