import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from '#tests/support/test-users.ts';

export const E2E_PASSWORD = 'e2e-Secret-passphrase-9';

/** Registers a new account through /register, as a visitor would; the page ends signed in on /. */
export async function registerThroughUi(page: Page, email = uniqueEmail('e2e')) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(accountButton(page, email)).toBeVisible();
  return email;
}

/** The signed-in user's account button in the main navigation: it shows their e-mail and opens the account menu. */
export function accountButton(page: Page, email: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email, exact: true });
}

/** Signs out through the account menu, as a user would. */
export async function signOutThroughNav(page: Page, email: string) {
  await accountButton(page, email).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
}

/** Buys Pro through the demo checkout on /wholesalers, as a wholesaler would; the plan's card then says so. */
export async function becomePro(page: Page) {
  await page.goto('/wholesalers');
  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('button', { name: 'Confirm Pro plan' }).click();
  await expect(page.getByText('0 of ∞ properties saved')).toBeVisible();
}
