// Issue 41, the Lob way, against a Lob-shaped fake (its second "Done means", start to finish): a Pro
// wholesaler saves a test_ key and the webhook's secret on the Integrations page (the key shown only
// by its last four, "Test mode: nothing is printed or mailed"), tests it, sends three owners from
// the bulk import; Lob verifies their addresses off the request while /mail/lob/{id} shows the
// progress, then the one Lob cannot deliver to with Lob's word; the member confirms the count and
// cost (axe, 360 px) and each owner gets one piece with its own idempotency key, even when Lob's
// answer to one is lost (the worker asks again with the same key, and Lob makes no second); a
// signed "returned to sender" puts an address on the do-not-mail list and the next send skips it.
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { startLobFake, type LobFake } from '../fakes/lob-fake';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { becomePro, registerThroughUi } from './support/accounts';
import { verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const port = dedicatedPort(96);
const LOB_KEY = 'test_fake_key_1234';
const SECRET = 'whsec_lob_e2e';
let resend: ResendFake;
let lob: LobFake;
let server: DedicatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  lob = await startLobFake();
  server = await DedicatedServer.start(port, {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
    LOB_API_URL: lob.apiUrl,
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await lob?.close();
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
    mailingAddress: { street: 'PO Box 77', city: 'Fresno', state: 'CA', zip: '93701' },
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
  {
    firstName: 'Li',
    lastName: 'Wu',
    address: '9 Nowhere Rd',
    city: 'Austin',
    state: 'TX',
    zip: '78745',
    marketValue: 190_000,
  },
];

test('mail through Lob: key saved in test mode, addresses verified, count and cost confirmed, a returned address skipped next time', async ({
  page,
}, testInfo) => {
  // A whole journey: sign-up, Pro, a key, a send verified and confirmed, a webhook and a second send.
  test.setTimeout(120_000);
  lob.markUndeliverable('9 Nowhere Rd');
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

  // The Integrations page: the key and the webhook's secret, saved; the key shown by its last four.
  await page.goto('/test');
  const card = page.getByRole('article', { name: 'Lob (print and mail)' });
  await card.getByLabel('Lob API key (test_ or live_)').fill(LOB_KEY);
  await card.getByLabel('Webhook signing secret').fill(SECRET);
  await card.getByLabel('Price per piece (US dollars)').fill('0.83');
  await card.getByRole('button', { name: 'Save Lob settings' }).click();
  await expect(card.getByText('Lob key ending in 1234')).toBeVisible();
  await expect(card.getByText('Test mode: nothing is printed or mailed')).toBeVisible();
  const webhookUrl = new URL((await card.locator('code').textContent()) ?? '');
  expect(webhookUrl.pathname).toMatch(/^\/api\/mail\/webhook\/[A-Za-z0-9_-]+$/);
  await expect(page.getByText(LOB_KEY)).toHaveCount(0);
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByRole('status')).toHaveText(/Lob verified a known address/);
  await expectNoAxeViolations(page, '/test');

  // A send from the bulk import's review: Lob verifies each mailing address; the undeliverable one is skipped.
  const list = [
    'Address,City,State,Zip,Owner 1 First Name,Owner 1 Last Name,Mailing Address,Mailing City,Mailing State,Mailing Zip,Est. Value',
    ...owners.map((owner) =>
      [
        owner.address,
        owner.city,
        owner.state,
        owner.zip,
        owner.firstName,
        owner.lastName,
        owner.mailingAddress?.street ?? '',
        owner.mailingAddress?.city ?? '',
        owner.mailingAddress?.state ?? '',
        owner.mailingAddress?.zip ?? '',
        owner.marketValue,
      ].join(','),
    ),
  ].join('\n');
  await page.goto('/');
  await page.getByRole('group', { name: 'I am a' }).getByRole('button', { name: 'Wholesaler' }).click();
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'owners.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
  await expect(dialog.getByText('3 of 3 properties selected (0 failed)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mail with Lob' }).click();
  await expect(page).toHaveURL(/\/mail\/lob\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog', { name: 'Bulk Import' })).toHaveCount(0);
  const sendId = new URL(page.url()).pathname.split('/').pop()!;
  // Lob verifies the addresses off the request; the one it cannot deliver to is shown with its word, never mailed.
  const notMailed = page.getByRole('region', { name: 'Not mailed: Lob cannot deliver to these' });
  await expect(notMailed.getByRole('listitem')).toHaveText(
    'Li Wu, 9 Nowhere Rd, Austin, TX 78745: Lob cannot deliver to this mailing address (undeliverable)',
    { timeout: 20_000 },
  );
  const quoted = await page.request.get(`/api/mail/lob/sends/${sendId}`, { headers: { origin } });
  expect(await quoted.json()).toMatchObject({ pieces: 2, costCents: 166, testMode: true, preparing: false });

  // The confirm step, on a small phone: count, cost, cap, test mode; nothing mailed before Confirm.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mail offers through Lob' })).toBeVisible();
  await expect(page.getByText('Test mode: nothing is printed or mailed')).toBeVisible();
  await expect(page.getByText('Mail 2 pieces for $1.66?')).toBeVisible();
  await expect(page.getByText('0 of 1,000 pieces mailed this month')).toBeVisible();
  await expectNoAxeViolations(page, '/mail/lob/{id}');
  await page.screenshot({ path: testInfo.outputPath('lob-confirm-360.png'), fullPage: true });
  expect(lob.pieces).toHaveLength(0);
  const confirm = page.getByRole('button', { name: 'Confirm and mail 2' });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  // Lob makes the first piece but its answer never reaches the worker: the worker cannot tell, and asks again.
  lob.loseNextCreateAnswers(1);
  await confirm.click();
  await expect(page.getByText('Mailed: 2')).toBeVisible({ timeout: 40_000 });
  // One piece per owner: the repeat carried the same Idempotency-Key, and Lob made none twice.
  expect(lob.pieces).toHaveLength(2);
  expect(new Set(lob.pieces.map((piece) => piece.idempotencyKey)).size).toBe(2);
  const creates = lob.requests.filter((request) => request.path === '/v1/letters');
  expect(creates).toHaveLength(3);
  expect(new Set(creates.map((request) => request.idempotencyKey))).toEqual(
    new Set(lob.pieces.map((piece) => piece.idempotencyKey)),
  );

  // Lob reports Rosa's letter returned to sender; the next send skips her address.
  const rosa = lob.pieces.find((piece) => (piece.body.to as { address_line1: string }).address_line1 === 'PO Box 77')!;
  const event = lob.signedEvent('letter.returned_to_sender', rosa.id, { secret: SECRET });
  const delivered = await page.request.post(webhookUrl.pathname, {
    data: event.body,
    headers: event.headers,
  });
  expect(delivered.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Returned to sender: 1')).toBeVisible();
  const next = await page.request.post('/api/mail/lob/sends', {
    data: { template: defaultTemplate, properties: owners.slice(0, 2), format: 'letter' },
    headers: { origin },
  });
  expect(await next.json()).toMatchObject({ pieces: 1, skipped: [{ index: 0 }] });
});
