// Documents (issue 13, item 5): a wholesaler downloads the offer letter and the deal sheet from
// the calculator result and from a saved property; a homeowner downloads an offer link's letter.
// Each PDF is read back with pdfjs-dist and its figures checked.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { readPdfText } from '../support/pdf-text';
import { registerThroughUi } from './support/accounts';
import { addPostalAddress } from './support/bulk-sender';
import { calculateAsWholesaler, saveOfferOnScreen } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

/** Clicks `button` and reads the PDF it downloads. */
async function downloadPdf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: (download as Download).suggestedFilename(),
    ...(await readPdfText(readFileSync(await download.path()))),
  };
}

const oneSpaced = (text: string) => text.replace(/\s+/g, ' ');

test('a wholesaler downloads the offer letter and the deal sheet, from the result and from a saved property', async ({
  page,
}) => {
  await registerThroughUi(page);
  await addPostalAddress(page);
  await calculateAsWholesaler(page, { address: '12 Letter Ln, Austin, TX' });
  await expect(page.getByTestId('offer-range')).toContainText('$113,000');

  const letter = await downloadPdf(page, () => page.getByRole('button', { name: 'Offer letter (PDF)' }).click());
  expect(letter.name).toBe('cash-offer-12-letter-ln-austin-tx.pdf');
  expect(letter.pages).toBe(1);
  const letterText = oneSpaced(letter.text);
  expect(letterText).toContain('Cash offer for 12 Letter Ln, Austin, TX');
  expect(letterText).toContain('$113,000 - $128,000');
  expect(letterText).toMatch(/This offer is valid for 7 days \(until \w+ \d{1,2}, \d{4}\)\./);
  expect(letterText).toContain('New Roof ($7,000)');
  expect(letterText).toContain('E2E Wholesaler');
  expect(letterText.toLowerCase()).not.toMatch(/profit|fee|multiplier/);

  const sheet = await downloadPdf(page, () => page.getByRole('button', { name: 'Deal sheet (PDF)' }).click());
  const sheetText = oneSpaced(sheet.text);
  for (const line of [
    'Market value (ARV) $200,000',
    'Repair: New Roof $7,000',
    '× ARV multiplier 0.7 $140,000',
    'Profit (minimum to maximum) - ($5,000 - $20,000)',
    'Offer range (Standard Wholesale) $113,000 - $128,000',
    'Seller nets $112,725 - $127,725',
  ])
    expect(sheetText).toContain(line);

  await saveOfferOnScreen(page);
  await page.goto('/saved');
  const card = page.getByRole('article', { name: '12 Letter Ln, Austin, TX' });
  const savedSheet = await downloadPdf(page, () =>
    card.getByRole('button', { name: 'Deal sheet (PDF) for 12 Letter Ln, Austin, TX' }).click(),
  );
  expect(oneSpaced(savedSheet.text)).toContain('Offer range (Standard Wholesale) $113,000 - $128,000');
  await expectNoAxeViolations(page, '/saved with document buttons');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await card.screenshot({ path: `test-results/documents-screens/saved-card-${width}.png` });
  }
});

test('a homeowner downloads the letter of the offer they were sent', async ({ page, browser, baseURL }) => {
  await registerThroughUi(page);
  await addPostalAddress(page);
  await calculateAsWholesaler(page, { address: '34 Shared Letter Rd, Austin, TX' });
  await page.getByRole('button', { name: 'Share offer' }).click();
  const url = await page.getByRole('dialog', { name: 'Share offer' }).getByLabel('Offer link').inputValue();

  const homeowner = await (await browser.newContext({ baseURL })).newPage();
  await homeowner.goto(url);
  const link = homeowner.getByRole('link', { name: 'Download this offer as a letter (PDF)' });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(homeowner, '/offer/{token} with the letter link');
  const letter = await downloadPdf(homeowner, () => link.click());
  const text = oneSpaced(letter.text);
  expect(text).toContain('Cash offer for 34 Shared Letter Rd, Austin, TX');
  expect(text).toContain('$113,000 - $128,000');
  expect(text).toContain('E2E Wholesaler');
  await homeowner.context().close();
});
