// The wholesaler's integrations (issue 7; spec §2 Export dialogs, Test page, Connections page;
// §3 CRM and sheets payloads; §4 CRM export; §5; §8 toasts): the GoHighLevel key set-up, an
// export to the CRM and one to a sheet, the Test page and the Connections page, against the
// real server. The e2e server points CRM_WEBHOOK_URL, SHEETS_WEBHOOK_URL and GHL_API_URL at
// local fakes (support/integration-fakes.ts); the tests read what arrived there.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import { uniqueEmail } from '../support/test-users';
import { registerThroughUi } from './support/accounts';
import { calculateAsWholesaler } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import {
  E2E_GHL_API_KEY,
  E2E_GHL_LOCATION_ID,
  integrationFakesUrl,
  type RecordedIntegrationRequests,
} from './support/integration-fakes';

async function recorded(): Promise<RecordedIntegrationRequests> {
  // The same port as playwright.config.ts gives the e2e server.
  const response = await fetch(`${integrationFakesUrl(Number(process.env.E2E_PORT ?? 3111))}/__requests`);
  return (await response.json()) as RecordedIntegrationRequests;
}

/** Waits until the fakes hold a request whose body has this e-mail, and returns what each got. */
async function requestsFor(email: string) {
  const mine = (requests: { body: unknown }[]) =>
    requests.filter((request) => (request.body as { email?: string } | undefined)?.email === email);
  await expect
    .poll(async () => {
      const all = await recorded();
      return mine(all.crmWebhook).length + mine(all.sheetsWebhook).length;
    })
    .toBeGreaterThan(0);
  const all = await recorded();
  return { crmWebhook: mine(all.crmWebhook), sheetsWebhook: mine(all.sheetsWebhook), ghl: mine(all.ghl) };
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Whether the e2e server runs with a payment provider (STRIPE_SECRET_KEY, pointed at a fake). */
async function serverHasPaymentProvider(page: Page): Promise<boolean> {
  const config = (await (await page.request.get('/api/config')).json()) as { billingMode: string };
  return config.billingMode === 'stripe';
}

test('a wholesaler sets up the GoHighLevel key and exports a deal to the CRM', async ({ page }) => {
  await registerThroughUi(page);

  // Without a usable range there is nothing to export: the calculator says why and offers no export.
  await calculateAsWholesaler(page, { address: '1 Tiny Ln, Austin, TX', marketValue: '20000' });
  await expect(page.getByText(calculationMessages.offerUnworkable)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export to GHL' })).toHaveCount(0);

  await calculateAsWholesaler(page, { address: '42 Export Ave, Austin, TX' });
  await expect(page.getByTestId('offer-range')).toContainText('$113,000');
  await page.getByRole('button', { name: 'Export to GHL' }).click();

  const summary = dialog(page, 'Export to GoHighLevel');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('42 Export Ave, Austin, TX');
  await expect(summary).toContainText('$200,000');
  await expect(summary).toContainText('$7,000');
  await expect(summary).toContainText('$113,000 - $128,000');
  await expectNoAxeViolations(page, 'Export to GoHighLevel summary');
  await summary.getByRole('button', { name: 'Continue' }).click();

  // No key stored yet: a toast asks for one (§8), then the key set-up opens.
  await expect(page.getByText('Please set up your GoHighLevel API key')).toBeVisible();
  const setup = dialog(page, 'GoHighLevel API Key Setup');
  await expect(setup).toBeVisible();
  const save = setup.getByRole('button', { name: 'Save API Key' });
  await expect(save).toBeDisabled();
  await expect(setup.getByLabel('API Key')).toBeFocused();
  await setup.getByLabel('API Key').fill(E2E_GHL_API_KEY);
  await expect(save).toBeDisabled();
  await setup.getByLabel('Location ID').fill(E2E_GHL_LOCATION_ID);
  await expectNoAxeViolations(page, 'GoHighLevel API Key Setup');
  await save.click();
  await expect(page.getByText('API key saved successfully')).toBeVisible();

  const contact = dialog(page, 'Add Contact Information');
  await expect(contact).toBeVisible();
  const submit = contact.getByRole('button', { name: 'Export to GoHighLevel' });
  await expect(submit).toBeDisabled();
  // §5 wordings, tied to their fields.
  await contact.getByLabel('Name').focus();
  await contact.getByLabel('Email').fill('not-an-email');
  await contact.getByLabel('Phone').fill('555');
  await contact.getByLabel('Name').focus();
  await expect(contact.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
  await expect(contact.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format');
  await expect(contact.getByLabel('Phone')).toHaveAccessibleDescription('Invalid phone format (XXX-XXX-XXXX)');
  await expectNoAxeViolations(page, 'Add Contact Information (CRM) with errors');

  const email = uniqueEmail('crm');
  await contact.getByLabel('Name').fill('Mary Ann Lee');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Phone').fill('');
  await contact.getByLabel('Phone').pressSequentially('5125550100');
  await expect(contact.getByLabel('Phone')).toHaveValue('512-555-0100');
  await submit.click();
  await expect(page.getByText('Successfully exported to GoHighLevel')).toBeVisible();
  await expect(contact).toBeHidden();

  // The §3 CRM payload reached the webhook, and the contact was created through the CRM's API.
  const arrived = await requestsFor(email);
  expect(arrived.crmWebhook).toHaveLength(1);
  expect(arrived.crmWebhook[0]?.body).toStrictEqual({
    firstName: 'Mary',
    lastName: 'Ann Lee',
    email,
    phone: '512-555-0100',
    address: '42 Export Ave, Austin, TX',
    marketValue: 200000,
    totalRepairCost: 7000,
    repairDetails: [{ name: 'New Roof', cost: 7000 }],
    cashOfferLow: 113000,
    cashOfferHigh: 128000,
    exportDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    source: 'Cash Offer Calculator',
    tags: ['Cash Offer Generated', 'Calculator Export'],
  });
  expect(arrived.ghl).toHaveLength(1);
  expect(arrived.ghl[0]).toMatchObject({
    method: 'POST',
    path: '/contacts/upsert',
    authorization: `Bearer ${E2E_GHL_API_KEY}`,
    version: '2021-07-28',
    body: {
      locationId: E2E_GHL_LOCATION_ID,
      firstName: 'Mary',
      lastName: 'Ann Lee',
      phone: '+15125550100',
      address1: '42 Export Ave, Austin, TX',
    },
  });

  // With the key stored, the next export goes straight from the summary to the contact form.
  await page.getByRole('button', { name: 'Export to GHL' }).click();
  await dialog(page, 'Export to GoHighLevel').getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page, 'Add Contact Information')).toBeVisible();
  await expect(dialog(page, 'Add Contact Information').getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Add Contact Information')).toBeHidden();
});

test('GoHighLevel carries the deal: note, opportunity in the chosen stage, a second export updates, a 429 waited out', async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto('/test');
  const ghlCard = page.getByRole('article', { name: 'GoHighLevel' });
  await ghlCard.getByRole('button', { name: 'Set Up API Key' }).click();
  const setup = dialog(page, 'GoHighLevel API Key Setup');
  await setup.getByLabel('API Key').fill(E2E_GHL_API_KEY);
  await setup.getByLabel('Location ID').fill(E2E_GHL_LOCATION_ID);
  await setup.getByRole('button', { name: 'Save API Key' }).click();

  // The stage list comes from GoHighLevel's pipelines; choosing one is saved by keyboard.
  const stage = ghlCard.getByLabel('Put exported deals in');
  await expect(stage).toHaveValue('');
  await expect(stage.locator('option')).toHaveText([
    'Do not create opportunities',
    'Acquisitions → New Lead',
    'Acquisitions → Offer Sent',
    'Acquisitions → Under Contract',
    'Dispositions → Marketing to Buyers',
  ]);
  await stage.selectOption({ label: 'Acquisitions → Offer Sent' });
  await stage.press('Tab');
  await expect(ghlCard.getByRole('button', { name: 'Save pipeline stage' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Exported deals go to Acquisitions → Offer Sent')).toBeVisible();
  await expect(ghlCard.getByRole('button', { name: 'Save pipeline stage' })).toBeDisabled();
  await expectNoAxeViolations(page, '/test with a pipeline stage');
  await page.screenshot({ path: 'test-results/integrations-screens/ghl-pipeline-stage.png', fullPage: true });

  const email = uniqueEmail('deal');
  // GoHighLevel (and its fake, shared by the run) takes a contact with a known phone for that contact:
  // a phone of this test's own, so a repeated run's first export still makes a new contact.
  const phoneDigits = `512555${String(randomInt(10_000)).padStart(4, '0')}`;
  const exportDeal = async (marketValue: string) => {
    await calculateAsWholesaler(page, { address: '77 Pipeline Rd, Austin, TX', marketValue });
    await page.getByRole('button', { name: 'Export to GHL' }).click();
    await dialog(page, 'Export to GoHighLevel').getByRole('button', { name: 'Continue' }).click();
    const contact = dialog(page, 'Add Contact Information');
    await contact.getByLabel('Name').fill('Pat Pipeline');
    await contact.getByLabel('Email').fill(email);
    await contact.getByLabel('Phone').pressSequentially(phoneDigits);
    await contact.getByRole('button', { name: 'Export to GoHighLevel' }).click();
    await expect(contact).toBeHidden({ timeout: 15_000 });
  };

  await exportDeal('200000');
  await expect(page.getByText('New contact, offer note added, opportunity created.')).toBeVisible();
  const first = await recorded();
  const contactOf = (all: RecordedIntegrationRequests) =>
    all.ghlContacts.filter((candidate) => candidate.email === email);
  const [created] = contactOf(first);
  expect(created).toMatchObject({ firstName: 'Pat', lastName: 'Pipeline', address1: '77 Pipeline Rd, Austin, TX' });
  const notesOf = (all: RecordedIntegrationRequests) => all.ghlNotes.filter((note) => note.contactId === created!.id);
  const opportunitiesOf = (all: RecordedIntegrationRequests) =>
    all.ghlOpportunities.filter((opportunity) => opportunity.contactId === created!.id);
  expect(notesOf(first)).toHaveLength(1);
  expect(notesOf(first)[0]!.body).toContain('Cash offer: $113,000 - $128,000');
  expect(notesOf(first)[0]!.body).toContain('Market value: $200,000');
  expect(notesOf(first)[0]!.body).toContain('  New Roof: $7,000');
  expect(opportunitiesOf(first)).toEqual([
    expect.objectContaining({ pipelineStageId: 'stageOfferSent0001', monetaryValue: 128000, status: 'open' }),
  ]);

  // GoHighLevel's burst limit answers the next upsert 429: the export waits as told and succeeds.
  const failed = await fetch(`${integrationFakesUrl(Number(process.env.E2E_PORT ?? 3111))}/__ghl/fail-next`, {
    method: 'POST',
    body: JSON.stringify({
      status: 429,
      body: { statusCode: 429, message: 'Too Many Requests' },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-interval-milliseconds': '1500' },
      match: { path: '/contacts/upsert', email },
    }),
  });
  expect(failed.status).toBe(200);
  await exportDeal('250000');
  await expect(page.getByText('Existing contact updated, offer note added, opportunity updated.')).toBeVisible();
  const second = await recorded();
  expect(contactOf(second)).toHaveLength(1);
  expect(notesOf(second).map((note) => note.body.split('\n')[0])).toEqual([
    'Cash offer: $113,000 - $128,000',
    'Cash offer: $148,000 - $163,000',
  ]);
  expect(opportunitiesOf(second)).toEqual([expect.objectContaining({ monetaryValue: 163000 })]);
  const upserts = second.ghl.filter(
    (request) => request.path === '/contacts/upsert' && (request.body as { email?: string }).email === email,
  );
  expect(upserts).toHaveLength(3);
  expect(upserts[2]!.at - upserts[1]!.at).toBeGreaterThanOrEqual(1400);
});

test('a wholesaler exports a saved property to a sheet', async ({ page }) => {
  await registerThroughUi(page);
  await calculateAsWholesaler(page, { address: '7 Sheet St, Austin, TX' });
  await page.getByRole('button', { name: 'Save Property' }).click();
  const saveDialog = dialog(page, 'Save Property');
  await saveDialog.getByLabel('Name').fill('Owner One');
  await saveDialog.getByLabel('Phone', { exact: true }).fill('512-555-0199');
  await saveDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/saved$/);

  const card = page.getByRole('article', { name: '7 Sheet St, Austin, TX' });
  await card.getByRole('button', { name: 'Export to Sheets' }).click();
  const contact = dialog(page, 'Add Contact Information');
  await expect(contact).toBeVisible();
  await expect(contact).toContainText('7 Sheet St, Austin, TX · $113,000 - $128,000');

  const email = uniqueEmail('sheets');
  await contact.getByLabel('Name').fill('Ann Lee');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Phone').fill('512-555-0100');
  await contact.getByLabel('City').fill('Austin');
  // §5: the state is upper-cased as typed and kept to two letters.
  await contact.getByLabel('State').pressSequentially('txa');
  await expect(contact.getByLabel('State')).toHaveValue('TX');
  await contact.getByLabel('ZIP Code').fill('7870');
  await contact.getByLabel('City').focus();
  await expect(contact.getByLabel('ZIP Code')).toHaveAccessibleDescription('Invalid ZIP code format');
  await expect(contact.getByRole('button', { name: 'Export to Google Sheets' })).toBeDisabled();
  await expectNoAxeViolations(page, 'Add Contact Information (sheets) with an error');
  await contact.getByLabel('ZIP Code').fill('78701');
  await contact.getByRole('button', { name: 'Export to Google Sheets' }).click();
  await expect(page.getByText('Successfully exported to Google Sheets')).toBeVisible();
  await expect(contact).toBeHidden();

  const arrived = await requestsFor(email);
  expect(arrived.sheetsWebhook).toHaveLength(1);
  expect(arrived.sheetsWebhook[0]?.body).toStrictEqual({
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    phone: '512-555-0100',
    address: '7 Sheet St, Austin, TX',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    marketValue: 200000,
    repairDetails: 'New Roof: $7,000',
    totalRepairs: 7000,
    offerLow: '$113,000',
    offerHigh: '$128,000',
    exportDate: expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}$/),
    exportTime: expect.stringMatching(/^\d{1,2}:\d{2}:\d{2} [AP]M$/),
  });
  expect(arrived.crmWebhook).toHaveLength(0);
});

test('the Test page tells the truth about the key and tests it for real', async ({ page, consoleErrors }) => {
  // A refused key is answered 502 by the server, and the browser logs the failed request.
  consoleErrors.allow(/status of 502/);
  await registerThroughUi(page);
  await page.goto('/test');
  await expect(page.getByRole('heading', { level: 1, name: 'Integration Tests' })).toBeVisible();

  const ghlCard = page.getByRole('article', { name: 'GoHighLevel' });
  await expect(ghlCard).toContainText('API key not found');
  await expect(ghlCard.getByRole('button', { name: 'Test Connection' })).toBeDisabled();
  await expect(ghlCard).toContainText('Setup instructions');
  // Test Payment is offered exactly when the server has a payment provider, and then really calls it.
  const paymentCard = page.getByRole('article', { name: 'Stripe payments' });
  if (await serverHasPaymentProvider(page)) {
    await expect(paymentCard).toContainText('Payment provider configured');
    await paymentCard.getByRole('button', { name: 'Test Payment' }).click();
    await expect(page.getByText('Stripe integration working!')).toBeVisible();
  } else {
    await expect(paymentCard).toContainText('Payment provider not configured');
    await expect(paymentCard.getByRole('button', { name: 'Test Payment' })).toBeDisabled();
  }
  await expectNoAxeViolations(page, '/test without a key');

  // A key the CRM refuses: stored, shown by its last four characters only, and the test fails.
  await ghlCard.getByRole('button', { name: 'Set Up API Key' }).click();
  const setup = dialog(page, 'GoHighLevel API Key Setup');
  await setup.getByLabel('API Key').fill('pit-refused-key-0000-wxyz');
  await setup.getByLabel('Location ID').fill(E2E_GHL_LOCATION_ID);
  await setup.getByRole('button', { name: 'Save API Key' }).click();
  await expect(page.getByText('API key saved successfully')).toBeVisible();
  await expect(ghlCard).toContainText('API key configured (ending in wxyz)');
  await expect(page.getByText('pit-refused-key')).toHaveCount(0);
  await ghlCard.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('GoHighLevel test failed', { exact: true })).toBeVisible();
  await expect(ghlCard.getByRole('status')).toHaveText(
    'GoHighLevel test failed: GoHighLevel answered 401: Invalid JWT',
  );

  // Replaced with the right key: the test passes.
  await ghlCard.getByRole('button', { name: 'Replace API Key' }).click();
  await expect(setup.getByLabel('Location ID')).toHaveValue(E2E_GHL_LOCATION_ID);
  await setup.getByLabel('API Key').fill(E2E_GHL_API_KEY);
  await setup.getByRole('button', { name: 'Save API Key' }).click();
  await expect(ghlCard).toContainText('API key configured (ending in ab12)');
  await ghlCard.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('GoHighLevel integration working!')).toBeVisible();
  await expect(ghlCard.getByRole('status')).toContainText(
    `GoHighLevel accepted the API key for location ${E2E_GHL_LOCATION_ID}`,
  );
  await expectNoAxeViolations(page, '/test with a working key');

  // Removed: back to "not found".
  await ghlCard.getByRole('button', { name: 'Remove API Key' }).click();
  await dialog(page, 'Remove API Key').getByRole('button', { name: 'Remove' }).click();
  await expect(ghlCard).toContainText('API key not found');
  await expect(ghlCard.getByRole('button', { name: 'Test Connection' })).toBeDisabled();
});

test('the Connections page reports what the server really has', async ({ page }) => {
  await page.goto('/connections');
  await expect(page.getByRole('heading', { level: 1, name: 'Connection Status' })).toBeVisible();
  const item = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

  // The e2e server has its database, and no Google or Resend configuration; a payment provider
  // (a local fake) only if the billing set-up gives it one.
  await expect(item('Backend service')).toContainText('Connected');
  await expect(item('Sign-in identity provider')).toContainText('Error');
  await expect(item('Sign-in identity provider')).toContainText('Google Client ID not configured');
  const payments = await serverHasPaymentProvider(page);
  await expect(item('Payment provider')).toContainText(
    payments ? 'Connected' : 'Stripe publishable key not configured',
  );
  await expect(item('E-mail service')).toContainText('Resend API key not configured');
  await expect(item('E-mail service')).toContainText('built-in outbox');
  await expectNoAxeViolations(page, '/connections');

  const checked = page.waitForResponse((response) => response.url().endsWith('/api/integrations/connections/backend'));
  await page.getByRole('button', { name: 'Test All Connections' }).click();
  await checked;
  await expect(item('Backend service')).toContainText('Connected');
  await expect(page.getByRole('status').filter({ hasText: 'Checks done' })).toHaveText(
    `Checks done: ${payments ? 2 : 1} of 4 connected.`,
  );
});

test('a wholesaler connects their own spreadsheet on the Test page; exports then go there, not to the site’s', async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto('/test');
  const card = page.getByRole('article', { name: 'Google Sheets' });
  await expect(card).toContainText('Using this site’s spreadsheet webhook');
  // Refused as typed: only https (or, with this test server's allowance, http) addresses.
  await card.getByLabel('Your spreadsheet webhook (https)').fill('ftp://sheets.example/x');
  await card.getByRole('button', { name: 'Save webhook' }).click();
  await expect(card.getByLabel('Your spreadsheet webhook (https)')).toHaveAccessibleDescription(
    'Enter the https address of your spreadsheet webhook (https://…)',
  );
  // The fake is plain http on this machine, which the form (https only) would refuse: it is saved
  // through the same API, as this test server's ALLOW_PRIVATE_WEBHOOK_URLS allows.
  const owner = `owner-${Date.now()}`;
  const saved = await page.request.put('/api/integrations/sheets/settings', {
    data: { webhookUrl: `${(await recorded()).sheetsWebhookUrl}?${owner}` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(card).toContainText(/Your spreadsheet webhook at 127\.0\.0\.1:\d+/);
  await card.getByRole('button', { name: 'Send a test row' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Test row sent to your spreadsheet' })).toBeVisible();
  await expectNoAxeViolations(page, '/test with a spreadsheet');

  await calculateAsWholesaler(page, { address: '9 Sheet St, Austin, TX' });
  await page.getByRole('button', { name: 'Export to Sheets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Contact Information' });
  await dialog.getByLabel('Name').fill('Ann Lee');
  await dialog.getByLabel('Email').fill(uniqueEmail('sheet'));
  await dialog.getByLabel('Phone').fill('512-555-0100');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('State').fill('TX');
  await dialog.getByLabel('ZIP Code').fill('78701');
  await dialog.getByRole('button', { name: 'Export to Google Sheets' }).click();
  await expect(page.getByText('Successfully exported to Google Sheets')).toBeVisible();
  const mine = (await recorded()).sheetsWebhook.filter((request) => request.path.endsWith(`?${owner}`));
  expect(
    mine.map(
      (request) =>
        (request.body as { test?: boolean; address?: string }).test ?? (request.body as { address: string }).address,
    ),
  ).toEqual([true, '9 Sheet St, Austin, TX']);
});
