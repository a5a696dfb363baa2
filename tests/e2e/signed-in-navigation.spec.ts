// The tool remembers who you are (issue 42 §6): a signed-in wholesaler's '/' is their calculator
// (Wholesaler mode, drawn so by the server), while the spec's own rules stay (§2: the navigation's
// Calculator link passes Homeowner) and a personal page is always the homeowner's; their working
// pages are in the main navigation, collapsed behind "More" on a phone; on Pro, /saved offers
// "Import a list".
import type { Page } from '@playwright/test';
import { leeHomesProfile, uniqueEmail } from '../support/test-users';
import { accountButton, becomePro, E2E_PASSWORD } from './support/accounts';
import { calculatorHeading, userTypeButton } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

/** A wholesaler signed in in `page`'s context (through the API), with a personal page at `handle`. */
async function signUpWholesaler(page: Page, handle: string) {
  const origin = test.info().project.use.baseURL!;
  const email = uniqueEmail('nav');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Lee', email, password: E2E_PASSWORD },
    headers: { origin },
  });
  expect(signUp.status()).toBe(200);
  const profile = await page.request.put('/api/profile', { data: leeHomesProfile(handle), headers: { origin } });
  expect(profile.status()).toBe(200);
  return email;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The main navigation's link named `name` (whole: a short label is still read whole). */
const navLink = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });

/** The main navigation's links line fits the screen (it would otherwise scroll sideways). */
async function expectNavOnOneLine(page: Page) {
  const overflow = await page
    .locator('.nav-links')
    .evaluate((links) => ({ scroll: links.scrollWidth, client: links.clientWidth }));
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test('signed in, / opens in Wholesaler mode from the server’s first paint; the Calculator link and a personal page stay the homeowner’s', async ({
  page,
  browser,
}) => {
  const handle = `nav-${Date.now()}`;
  const email = await signUpWholesaler(page, handle);

  // What the server draws, before any script: the wholesaler's calculator and their account.
  const withoutScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const firstPaint = await withoutScripts.newPage();
    await firstPaint.goto('/');
    await expect(userTypeButton(firstPaint, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
    await expect(firstPaint.getByRole('button', { name: 'Formula Settings' })).toBeVisible();
    await expect(accountButton(firstPaint, email)).toBeVisible();
  } finally {
    await withoutScripts.close();
  }

  // Hydrated, the same (a mismatch would be a console error, which fails the test).
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
  await expect(accountButton(page, email)).toBeVisible();
  // The visitor's own choice holds.
  await userTypeButton(page, 'Homeowner').click();
  await expect(userTypeButton(page, 'Homeowner')).toHaveAttribute('aria-pressed', 'true');

  // §2: from another page the Calculator link passes Homeowner, signed in or not.
  await navLink(page, 'Leads').click();
  await expect(page).toHaveURL(/\/leads$/);
  await navLink(page, 'Calculator').click();
  await expect(calculatorHeading(page)).toBeVisible();
  await expect(userTypeButton(page, 'Homeowner')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Formula Settings' })).toHaveCount(0);

  // The personal page is the homeowner's calculator, whoever opens it.
  await page.goto(`/c/${handle}`);
  await expect(page.getByRole('button', { name: 'Get Cash Offer' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'I am a' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Formula Settings' })).toHaveCount(0);
});

test('the working pages are in the main navigation: one line on a wide screen, behind More on a phone; Pro adds Prospects and Bulk Import, which opens “Import a list” on /saved', async ({
  page,
}) => {
  await signUpWholesaler(page, `nav-pro-${Date.now()}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/saved');
  await expect(navLink(page, 'Follow-ups')).toBeVisible();
  await expect(navLink(page, 'Team')).toBeVisible();
  // Not on Free: neither the Pro pages nor the import.
  await expect(navLink(page, 'Prospects')).toHaveCount(0);
  await expect(navLink(page, 'Bulk Import')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import a list' })).toHaveCount(0);
  await expectNavOnOneLine(page);

  await becomePro(page);
  await page.goto('/saved');
  for (const name of [
    'Leads',
    'Saved Properties',
    'Follow-ups',
    'Team',
    'Buyers',
    'Reports',
    'Prospects',
    'Bulk Import',
  ]) {
    await expect(navLink(page, name)).toBeVisible();
  }
  await expect(mainNav(page).getByRole('button', { name: 'More' })).toBeHidden();
  await expectNavOnOneLine(page);
  await expect(page.getByRole('button', { name: 'Import a list' })).toBeVisible();
  await expect(navLink(page, 'Prospects')).toHaveAttribute('href', '/prospects');
  await navLink(page, 'Team').click();
  await expect(page).toHaveURL(/\/team$/);

  // A phone: the working pages behind More, opened and left with the keyboard.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/saved');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const more = mainNav(page).getByRole('button', { name: 'More' });
  await expect(more).toBeVisible();
  await expect(navLink(page, 'Follow-ups')).toBeHidden();
  await expectNavOnOneLine(page);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(navLink(page, 'Follow-ups')).toBeVisible();
  await expectNoAxeViolations(page, 'the navigation’s More menu at 360 px');
  await page.keyboard.press('Escape');
  await expect(navLink(page, 'Follow-ups')).toBeHidden();
  await expect(more).toBeFocused();

  // Bulk Import from the navigation: the saved list with its import dialog open.
  await more.click();
  await navLink(page, 'Bulk Import').click();
  await expect(page).toHaveURL(/\/saved$/);
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'Bulk Import from the navigation at 360 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Import a list' }).click();
  await expect(dialog).toBeVisible();
});
