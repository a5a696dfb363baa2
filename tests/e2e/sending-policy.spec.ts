// The one sending policy (issue 25), as a wholesaler meets it: a revised offer from a new account is
// refused with what to do; the wholesaler verifies the account's e-mail, adds a postal address
// and a reply-to address, confirms the reply-to through the link e-mailed to it, and then the
// revised offer goes out with Reply-To the confirmed address, the unsubscribe link, the postal
// address and the one-click unsubscribe headers. E-mails are read from the Resend fake.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { uniqueEmail } from '../support/test-users';
import { registerThroughUi } from './support/accounts';
import { emailTo, verificationLinkFor } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

let resend: ResendFake;
let server: DedicatedServer;

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(dedicatedPort(60), {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${dedicatedPort(60)}` });

/** A homeowner counters the offer shared by the signed-in wholesaler, from their own address. */
async function homeownerCounters(page: Page, baseURL: string, homeowner: string) {
  const shared = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs: [], template: defaultTemplate },
    },
  });
  expect(shared.status()).toBe(201);
  const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.91.0.7' } });
  try {
    const answered = await visitor.post(`/api/public/offers/${token}/responses`, {
      data: {
        kind: 'counter',
        desiredPrice: 150000,
        contact: { name: 'Ann Lee', email: homeowner, phone: '512-555-0100' },
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }
}

async function openReviseDialog(page: Page) {
  await page.goto('/leads');
  await page.getByRole('link', { name: 'Ann Lee, 12 Oak St, Austin, TX' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Ann Lee' })).toBeVisible();
  await page.getByRole('button', { name: 'Send revised offer' }).click();
  const revise = page.getByRole('dialog', { name: 'Send revised offer' });
  // The deal's figures: the offer's market value and repairs; a walkthrough found $10,000 of them.
  await expect(revise.getByLabel('After-repair value ($)')).toHaveValue('200000');
  await revise.getByLabel('Repairs ($)').fill('10,000');
  return revise;
}

test('a revised offer goes out only from a verified sender with a postal address, replies to a confirmed address', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const account = await registerThroughUi(page);
  const homeowner = uniqueEmail('ann');
  await homeownerCounters(page, baseURL!, homeowner);

  // 1. Refused, with every step at once. A link in the message is refused as typed.
  consoleErrors.allow(/status of 403/);
  let revise = await openReviseDialog(page);
  await revise.getByLabel('Message to the homeowner (optional)').fill('See https://evil.example/login');
  await revise.getByRole('button', { name: 'Send revised offer' }).click();
  await expect(revise.getByLabel('Message to the homeowner (optional)')).toHaveAccessibleDescription(
    /cannot contain links, e-mail addresses or HTML/,
  );
  await revise.getByLabel('Message to the homeowner (optional)').fill('Best I can do with the roof.');
  await revise.getByRole('button', { name: 'Send revised offer' }).click();
  const requirement = revise.getByRole('alert');
  await expect(requirement).toContainText('Please verify your e-mail address before e-mailing homeowners');
  await expect(requirement).toContainText('A postal address is required');
  await expectNoAxeViolations(page, 'revised offer refused by the sending policy');
  await page.screenshot({ path: test.info().outputPath('revised-offer-refused.png') });

  // 2. Verify the account's e-mail from the dialog, by keyboard, through the link e-mailed to it.
  await requirement.getByRole('button', { name: 'Send verification e-mail' }).focus();
  await page.keyboard.press('Enter');
  await expect(revise.getByText(`Verification e-mail sent to ${account}`)).toBeVisible();
  await page.goto(await verificationLinkFor(resend.emails, account));

  // 3. The profile: a postal address and a reply-to address, which is not used until confirmed.
  const desk = uniqueEmail('desk');
  await page.goto('/profile');
  // An account is named by its profile, never by its e-mail (issue 42 §6): the display name is typed.
  await page.getByLabel('Display name').fill('Desk Tester');
  await page.getByLabel('Postal address (optional)').fill('1 Main St, Austin, TX 78701');
  await page.getByLabel('Reply-to e-mail (optional)').fill(desk);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByText(`${desk} is not confirmed yet. Until it is, replies and lead e-mails go to ${account}.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send confirmation link' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Confirmation link sent to ${desk}. Open it to use this address.`)).toBeVisible();
  await expectNoAxeViolations(page, '/profile with an unconfirmed reply-to');
  await page.screenshot({ path: test.info().outputPath('profile-unconfirmed-reply-to.png'), fullPage: true });

  // 4. Its owner opens the link: the page asks first (mail scanners open links), then confirms.
  const confirmation = await emailTo(resend.emails, desk, 'Confirm your e-mail address');
  const confirmUrl = /https?:\/\/\S+\/confirm-reply-to\?token=\S+/.exec(confirmation.text ?? '')![0];
  await page.goto(confirmUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await expectNoAxeViolations(page, '/confirm-reply-to');
  await page.screenshot({ path: test.info().outputPath('confirm-reply-to.png') });
  await page.getByRole('button', { name: 'Confirm this address' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/is confirmed: homeowners’ replies and lead e-mails/)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Confirmed: lead e-mails and homeowners’ replies go here.')).toBeVisible();

  // 5. Now the revised offer goes out, with everything the policy asks of it.
  revise = await openReviseDialog(page);
  await revise.getByLabel('Message to the homeowner (optional)').fill('Best I can do with the roof.');
  await revise.getByRole('button', { name: 'Send revised offer' }).click();
  await expect(revise.getByText(`is queued to be e-mailed to ${homeowner}`)).toBeVisible();
  const offer = await emailTo(resend.emails, homeowner, 'Revised Cash Offer for 12 Oak St, Austin, TX');
  expect(offer.reply_to).toEqual(desk);
  expect(offer.headers).toMatchObject({
    'List-Unsubscribe': expect.stringMatching(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\/one-click\?token=.+>$/),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  expect(offer.text).toContain('Best I can do with the roof.');
  expect(offer.text).toContain('1 Main St, Austin, TX 78701');
  expect(offer.text).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=/);
});
