import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from '../../support/test-users';

export const E2E_PASSWORD = 'e2e-Secret-passphrase-9';

/** Registers a new account through /register, as a visitor would; the page ends signed in on /. */
export async function registerThroughUi(page: Page, email = uniqueEmail('e2e')) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(email)).toBeVisible();
  return email;
}
