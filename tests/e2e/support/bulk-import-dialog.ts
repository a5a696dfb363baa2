// The wholesaler's Bulk Import dialog (issue 41's owner lists): opened from the calculator, a file chosen in it.
import type { Locator, Page } from '@playwright/test';

export async function openBulkImport(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('group', { name: 'I am a' }).getByRole('button', { name: 'Wholesaler' }).click();
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  return page.getByRole('dialog', { name: 'Bulk Import' });
}

export const upload = (dialog: Locator, name: string, content: Buffer | string) =>
  dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
