// Long-term nurture (issue 42 §3): a homeowner countered a shared offer and the rep is negotiating;
// from the lead's page the rep puts the lead on the nurture (by keyboard). Three weeks pass on the
// follow-ups' test clock (FOLLOW_UP_TEST_CLOCK): the homeowner gets the first nurture e-mail, with
// the offer computed afresh from the lead's figures and a new offer link; they accept through it,
// and the lead says its nurture stopped because they answered. /follow-ups shows the built-in
// nurture to a workspace without Pro. Axe on the lead page and /follow-ups; 360 px.
//
// A server of its own (DedicatedServer): it needs the e-mail provider's fake and the test clock.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { formatMoneyRange } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { computeOfferRange } from '#domain/offer/compute-offer-range.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { registerThroughUi } from './support/accounts';
import { addPostalAddress, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'nurture-screens');
const port = dedicatedPort(47);
const homeownerEmail = 'nina.nurture@example.com';
const marketValue = 240000;

let resend: ResendFake;
let server: DedicatedServer;

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(port, {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
    FOLLOW_UP_TEST_CLOCK: '1',
    BULK_EMAIL_INTERVAL_MS: '100',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

const emailsTo = (address: string) => resend.emails.filter((email) => email.to[0] === address);

/** Moves the follow-ups' clock ahead, as if `days` days had passed. */
async function daysPass(page: Page, days: number) {
  const moved = await page.request.post('/api/test/follow-up-clock', {
    data: { days },
    headers: { origin: server.url },
  });
  expect(moved.status()).toBe(200);
}

/** A homeowner's counter-offer to an offer the signed-in wholesaler of `page` shares: a New lead. */
async function counteredLead(page: Page) {
  const shared = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: { address: '27 Maple Ave, Austin, TX 78703', marketValue, repairs: [], template: defaultTemplate },
    },
    headers: { origin: server.url },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
  const homeowner = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': '10.47.0.9' },
  });
  try {
    const answered = await homeowner.post(`/api/public/offers/${token}/responses`, {
      data: {
        kind: 'counter',
        desiredPrice: 200000,
        contact: { name: 'Nina Lane', email: homeownerEmail, phone: '512-555-0147' },
        message: 'Not now, maybe next year',
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await homeowner.dispose();
  }
}

test('a countered lead goes on nurture, gets a fresh offer weeks later, and the nurture stops when they answer', async ({
  page,
}, testInfo) => {
  testInfo.setTimeout(150_000);
  const account = await registerThroughUi(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await counteredLead(page);

  await page.goto('/leads');
  await page
    .getByRole('article', { name: /^Nina Lane,/ })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { name: 'Nina Lane', level: 1 })).toBeVisible();
  const leadId = new URL(page.url()).pathname.split('/').at(-1)!;
  // The rep is negotiating: a first offer's follow-ups would stop here, a nurture does not.
  const moved = await page.request.patch(`/api/leads-inbox/${leadId}`, {
    data: { status: 'negotiating' },
    headers: { origin: server.url },
  });
  expect(moved.status()).toBe(200);
  await page.reload();

  const followUps = page.getByRole('region', { name: 'Follow-ups' });
  await followUps.getByRole('button', { name: 'Start nurture' }).focus();
  await page.keyboard.press('Enter');
  await expect(followUps.getByText(/^Long-term nurture\. Next touch: E-mail on /)).toBeVisible();
  await expectNoAxeViolations(page, '/leads/{id} on nurture');
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(screenshots, 'lead-nurture-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Three weeks later: the first nurture e-mail, with the offer computed again from the lead's figures.
  await daysPass(page, 22);
  await expect.poll(() => emailsTo(homeownerEmail).length, { timeout: 30_000 }).toBe(1);
  const nurture = emailsTo(homeownerEmail)[0]!;
  expect(nurture.subject).toBe('Still thinking about 27 Maple Ave, Austin, TX 78703?');
  expect(nurture.text).toContain(
    formatMoneyRange(computeOfferRange({ marketValue, totalRepairCost: 0, template: defaultTemplate })),
  );
  const offerUrl = nurture.text!.match(/https?:\/\/\S+\/offer\/[\w-]+/)![0];

  // The homeowner accepts through the e-mail's link: the nurture stops.
  const homeowner = await page.context().browser()!.newPage();
  await homeowner.goto(`${offerUrl}?intent=accept`);
  await expect(homeowner.getByRole('heading', { name: 'Accept this offer' })).toBeVisible();
  await homeowner.getByLabel('Name', { exact: true }).fill('Nina Lane');
  await homeowner.getByLabel('Phone').fill('512-555-0147');
  await homeowner.getByRole('button', { name: /^Send to / }).click();
  await expect(homeowner.getByRole('heading', { name: /^Your acceptance was sent to / })).toBeVisible();
  await homeowner.close();

  await page.reload();
  await expect(followUps.getByText('Follow-ups stopped: The homeowner answered the offer')).toBeVisible();
  await expectNoAxeViolations(page, '/leads/{id} with its nurture stopped');

  // A month later nothing more has gone out.
  await daysPass(page, 30);
  // The worker looks for due steps each second with the test clock: give it a few.
  await page.waitForTimeout(3_000);
  await page.reload();
  await expect(followUps.getByText('Follow-ups stopped: The homeowner answered the offer')).toBeVisible();
  expect(emailsTo(homeownerEmail)).toHaveLength(1);

  // /follow-ups shows each named sequence; a workspace without Pro reads the built-in nurture.
  await page.goto('/follow-ups');
  await page.getByLabel('Sequence', { exact: true }).selectOption({ label: 'Nurture' });
  await expect(page.getByRole('heading', { name: 'Long-term nurture', level: 2 })).toBeVisible();
  await expect(page.getByText('Pro workspaces write their own sequences.')).toBeVisible();
  await page.getByLabel('Preview a step').selectOption({ label: 'Day 75: E-mail' });
  await expect(page.getByText('Subject: A fresh cash offer for 48 Elm St, Austin, TX 78701')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, '/follow-ups with the nurture shown, at 360 px');
  await page.screenshot({ path: path.join(screenshots, 'follow-ups-nurture-360.png'), fullPage: true });
});
