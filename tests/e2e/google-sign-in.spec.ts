// Sign in with Google (issue 14, item 1) in Chromium, through a local fake of Google's OpenID
// provider: a new account, an existing verified account joined, and a refusal explained. This
// spec runs its own app server (DedicatedServer) with Google configured and an e-mail provider's
// fake, whose verification link proves the password account's e-mail first.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startGoogleOidcFake, type GoogleOidcFake } from '../fakes/google-oidc-fake';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { uniqueEmail } from '../support/test-users';
import { accountButton, registerThroughUi, signOutThroughNav } from './support/accounts';
import { addPostalAddress, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const screenshots = path.join(process.cwd(), 'test-results', 'google-sign-in-screens');

let google: GoogleOidcFake;
let resend: ResendFake;
let server: DedicatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  [google, resend] = await Promise.all([startGoogleOidcFake(), startResendFake({ apiKey: 're_e2e_key' })]);
  server = await DedicatedServer.start(dedicatedPort(50), {
    GOOGLE_CLIENT_ID: 'e2e-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'GOCSPX-e2e-secret',
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await Promise.all([google?.close(), resend?.close()]);
});

test.use({ baseURL: `http://127.0.0.1:${dedicatedPort(50)}` });

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a new visitor signs in with Google by keyboard and lands signed in on the free plan', async ({ page }) => {
  const email = uniqueEmail('google');
  google.signInAs({ sub: randomUUID(), email, email_verified: true, name: 'Gia Google' });

  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expectNoAxeViolations(page, '/register');
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page, '/login');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(screenshots, `login-${width}.png`), fullPage: true });
  }

  // Tab from the page's start reaches the button; Enter starts the round trip to Google.
  await page.locator('body').focus();
  for (let presses = 0; presses < 30 && !(await button.evaluate((node) => node === document.activeElement)); presses++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`${server.url}/`);
  await expect(accountButton(page, email)).toBeVisible();
  await page.goto('/saved');
  await expect(page.getByText('0 of 3 properties saved')).toBeVisible();
});

test('Google joins an existing account whose e-mail is verified: the same account, its details kept', async ({
  page,
}) => {
  const email = await registerThroughUi(page);
  await verifyEmailThroughOutbox(page, resend.emails, email);
  await addPostalAddress(page, '12 Oak St, Austin, TX 78701');
  await signOutThroughNav(page, email);
  await expect(accountNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

  google.signInAs({ sub: randomUUID(), email, email_verified: true, name: 'Same Person' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(accountButton(page, email)).toBeVisible();
  const answer = (await (await page.request.get('/api/profile')).json()) as { profile: { postalAddress: string } };
  expect(answer.profile.postalAddress).toBe('12 Oak St, Austin, TX 78701');
});

test('an account Google cannot vouch for is not joined, and /login says what to do', async ({ page }) => {
  const email = await registerThroughUi(page);
  await signOutThroughNav(page, email);
  await expect(accountNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

  // The password account never verified its e-mail: a Google sign-in for it must not share it.
  google.signInAs({ sub: randomUUID(), email, email_verified: true, name: 'Someone' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/login\?error=account-not-linked$/);
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this e-mail already exists. Sign in with your password: Google can join that account once the e-mail is verified.',
  );
  await expect(accountNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expectNoAxeViolations(page, '/login?error=account-not-linked');
  await page.screenshot({ path: path.join(screenshots, 'login-refused.png'), fullPage: true });
});
