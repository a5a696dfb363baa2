// Issue 41 part 5: follow-ups by mail. A Pro wholesaler prints their owners' letters themselves;
// on day 21 (the follow-ups' test clock, FOLLOW_UP_TEST_CLOCK) each owner's postcard is due in
// "Print these today" on /follow-ups; the wholesaler prints them and reads each owner's name and
// range back from the PDF (pdf.js). Axe, and usable at 360 px.
import { readFileSync } from 'node:fs';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { readPdfText } from '../support/pdf-text';
import { becomePro, registerThroughUi } from './support/accounts';
import { verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const port = dedicatedPort(100);
let resend: ResendFake;
let server: DedicatedServer;

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(port, {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
    FOLLOW_UP_TEST_CLOCK: '1',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

const owners = [
  {
    firstName: 'Rosa',
    lastName: 'Vega',
    address: '2219 E 34th St',
    city: 'Austin',
    state: 'TX',
    zip: '78722',
    marketValue: 240_000,
    mailingAddress: { street: 'PO Box 77', city: 'Round Rock', state: 'TX', zip: '78680' },
  },
  {
    firstName: 'Tom',
    lastName: 'Okafor',
    address: '18 Birch Ln',
    city: 'Austin',
    state: 'TX',
    zip: '78702',
    marketValue: 310_000,
  },
];

test('a printed send’s owners each have a postcard due on day 21 in "Print these today", printed with their range', async ({
  page,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  const origin = new URL(page.url()).origin;
  const profile = await page.request.put('/api/profile', {
    data: {
      handle: null,
      displayName: 'E2E Wholesaler',
      company: 'E2E Homes',
      phone: '512-555-0100',
      replyToEmail: '',
      postalAddress: '1 Main St, Austin, TX 78701',
      notifyOnLeads: false,
    },
    headers: { origin },
  });
  expect(profile.status()).toBe(200);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  const created = await page.request.post('/api/mail/print-runs', {
    data: { template: defaultTemplate, properties: owners, format: 'letter' },
    headers: { origin },
  });
  expect(created.status()).toBe(201);

  await page.goto('/follow-ups');
  const printCard = page.getByRole('region', { name: 'Print these today' });
  await expect(printCard.getByText('No letters or postcards due.')).toBeVisible();

  // Three weeks pass: each owner's day-21 postcard falls due.
  const moved = await page.request.post('/api/test/follow-up-clock', { data: { days: 22 }, headers: { origin } });
  expect(moved.status()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(printCard.getByText('Postcard to Rosa Vega')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(printCard.getByText('Postcard to Tom Okafor')).toBeVisible();
  await expect(printCard.getByText('PO Box 77, Round Rock, TX 78680')).toBeVisible();
  await expectNoAxeViolations(page, '/follow-ups with pieces to print');

  await page.setViewportSize({ width: 360, height: 740 });
  const print = printCard.getByRole('button', { name: 'Print these today' });
  await print.scrollIntoViewIfNeeded();
  await expect(print).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('print-these-today-360.png'), fullPage: true });
  await print.click();
  const ready = printCard.getByRole('heading', { name: /2 pieces ready to print/ });
  await expect(ready).toBeFocused();
  const downloading = page.waitForEvent('download');
  await printCard.getByRole('link', { name: 'Download today’s pieces (PDF)' }).click();
  const download = await downloading;
  const { text } = await readPdfText(readFileSync((await download.path())!));
  const pieces = text.replace(/\s+/g, ' ');
  expect(pieces).toContain('Rosa Vega');
  expect(pieces).toContain('$148,000 - $163,000');
  expect(pieces).toContain('Tom Okafor');
  expect(pieces).toContain('$197,000 - $212,000');
  await expectNoAxeViolations(page, '/follow-ups after printing, at 360 px');
  // Printed: nothing left for today.
  await page.reload();
  await expect(printCard.getByText('No letters or postcards due.')).toBeVisible();
});
