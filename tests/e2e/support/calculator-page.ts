// The calculator screen as the e2e specs use it: by role and visible text (spec §2).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const sampleAddress = '123 Main St, Austin, TX 78701';

export function calculatorHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Calculate Your Cash Offer' });
}

export function offerRange(page: Page) {
  return page.getByRole('region', { name: 'Your Cash Offer Range' });
}

export async function openCalculator(page: Page) {
  await page.goto('/');
  await expect(calculatorHeading(page)).toBeVisible();
}

export async function enterProperty(page: Page, property: { address: string; marketValue: string }) {
  // A server-drawn calculator enables Get Cash Offer once its code runs: typed earlier, hydration would redraw the fields.
  await expect(page.getByRole('button', { name: 'Get Cash Offer' })).toBeEnabled();
  await page.getByLabel('Property address').fill(property.address);
  await page.getByLabel('Market value', { exact: true }).fill(property.marketValue);
}

export async function getCashOffer(page: Page) {
  await page.getByRole('button', { name: 'Get Cash Offer' }).click();
}

/** The range is on screen with both figures (low then high). */
export async function expectRange(page: Page, low: string, high: string) {
  const range = offerRange(page).getByTestId('offer-range');
  await expect(range).toBeVisible();
  await expect(range).toHaveText(new RegExp(`^\\s*${escapeRegExp(low)}\\s*–?\\s*to\\s*${escapeRegExp(high)}\\s*$`));
}

/** No range is shown: the panel is back to its instructions. */
export async function expectNoRange(page: Page) {
  await expect(offerRange(page).getByTestId('offer-range')).toHaveCount(0);
  await expect(offerRange(page)).toContainText('press Get Cash Offer');
}

export function escapeRegExp(text: string) {
  return text.replace(/[$.*+?^(){}|[\]\\]/g, '\\$&');
}

export function userTypeButton(page: Page, name: 'Homeowner' | 'Wholesaler') {
  return page.getByRole('group', { name: 'I am a' }).getByRole('button', { name });
}

export async function chooseWholesaler(page: Page) {
  await userTypeButton(page, 'Wholesaler').click();
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
}

/** A wholesaler's offer for `address` with New Roof at its default cost ($113,000 – $128,000 at $200,000). */
export async function calculateAsWholesaler(
  page: Page,
  { address, marketValue = '200000' }: { address: string; marketValue?: string },
) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Wholesaler' }).click();
  await enterProperty(page, { address, marketValue });
  await page.getByLabel(/New Roof/).check();
  await getCashOffer(page);
}

/** Saves the offer on screen through the Save Property dialog (a wholesaler signed in), and waits for the §8 toast. */
export async function saveOfferOnScreen(page: Page, contact = { name: 'Ann Lee', phone: '512-555-0100' }) {
  await page.getByRole('button', { name: 'Save Property' }).click();
  const save = page.getByRole('dialog', { name: 'Save Property' });
  await save.getByLabel('Name').fill(contact.name);
  await save.getByLabel('Phone', { exact: true }).fill(contact.phone);
  await save.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Property saved successfully!')).toBeVisible();
}
