import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { sheetsSettingsMessages } from '#domain/integrations/sheets-settings-messages.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { startGhlFake, type GhlFake } from '#tests/fakes/ghl-fake.ts';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { savedProperties, wholesalerSettings } from '../db/schema';

const apiKey = 'pit-test-token-0001';
const locationId = 'loc-test-0001';
// New Roof at 9,000 and Flooring at its 3,000 minimum are selected; the rest are not.
const repairs = setRepairCost(
  toggleRepair(toggleRepair(defaultRepairCatalog, 'New Roof'), 'Flooring'),
  'New Roof',
  9000,
);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs, template: defaultTemplate };
const contact = { name: 'Mary Ann Lee', email: 'mary@example.com', phone: '512-555-0100' };
const sheetsContact = { ...contact, city: 'Austin', state: 'tx', zipCode: '78701' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const post = (headers: Record<string, string>, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describeEachDatabase('deal exports', (database) => {
  let crmHook: WebhookFake;
  let sheetsHook: WebhookFake;
  let ghl: GhlFake;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    [crmHook, sheetsHook, ghl] = await Promise.all([
      startWebhookFake(),
      startWebhookFake(),
      startGhlFake({ tokens: { [apiKey]: locationId } }),
    ]);
    app = createTestApp(database(), {
      TRUST_PROXY: '1',
      CRM_WEBHOOK_URL: crmHook.url,
      SHEETS_WEBHOOK_URL: sheetsHook.url,
      GHL_API_URL: ghl.url,
    });
  });
  afterAll(() => Promise.all([crmHook.close(), sheetsHook.close(), ghl.close()]));
  beforeEach(() => {
    crmHook.reset();
    sheetsHook.reset();
    ghl.reset();
  });

  async function wholesalerWithKey(key = apiKey) {
    const signedIn = await signUpTestUser(app);
    const saved = await app.request('/api/integrations/ghl/settings', {
      method: 'PUT',
      headers: { ...signedIn.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: key, locationId }),
    });
    expect(saved.status).toBe(200);
    return signedIn;
  }

  async function saveProperty(headers: Record<string, string>) {
    const response = await app.request(
      '/api/properties',
      post(headers, { ...calculation, contact: { name: 'Owner', email: '', phones: ['512-555-0199'] } }),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { property: { id: string } }).property.id;
  }

  const expectedCrmPayload = {
    firstName: 'Mary',
    lastName: 'Ann Lee',
    email: 'mary@example.com',
    phone: '512-555-0100',
    address: '12 Oak St, Austin, TX',
    marketValue: 200000,
    totalRepairCost: 12000,
    repairDetails: [
      { name: 'New Roof', cost: 9000 },
      { name: 'Flooring', cost: 3000 },
    ],
    cashOfferLow: 108000,
    cashOfferHigh: 123000,
    exportDate: expect.stringMatching(ISO_DATE),
    source: 'Cash Offer Calculator',
    tags: ['Cash Offer Generated', 'Calculator Export'],
  };

  it('posts the §3 CRM payload to the webhook, then creates the contact and its deal note through the CRM API', async () => {
    const { headers } = await wholesalerWithKey();
    const before = Date.now();
    // A total or range sent by the browser is ignored: the server computes its own.
    const response = await app.request(
      '/api/integrations/ghl/export',
      post(headers, {
        source: {
          kind: 'calculation',
          calculation: { ...calculation, totalRepairCost: 1, offerRange: { low: 1, high: 2 } },
        },
        contact,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      exported: true,
      contactId: ghl.contacts[0]?.id,
      contactCreated: true,
      noteId: ghl.notes[0]?.id,
      opportunity: null,
      webhook: 'sent',
    });

    expect(crmHook.requests).toHaveLength(1);
    expect(crmHook.requests[0]?.headers['content-type']).toBe('application/json');
    const payload = crmHook.requests[0]?.body as Record<string, unknown>;
    expect(payload).toStrictEqual(expectedCrmPayload);
    expect(Date.parse(payload.exportDate as string)).toBeGreaterThanOrEqual(before - 1000);

    expect(ghl.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /contacts/upsert',
      `POST /contacts/${ghl.contacts[0]?.id}/tags`,
      `POST /contacts/${ghl.contacts[0]?.id}/notes`,
    ]);
    expect(ghl.requests[0]).toMatchObject({
      method: 'POST',
      path: '/contacts/upsert',
      authorization: `Bearer ${apiKey}`,
      version: '2021-07-28',
    });
    expect(ghl.requests[0]?.body).toStrictEqual({
      locationId,
      firstName: 'Mary',
      lastName: 'Ann Lee',
      name: 'Mary Ann Lee',
      email: 'mary@example.com',
      phone: '+15125550100',
      address1: '12 Oak St, Austin, TX',
      source: 'Cash Offer Calculator',
    });
    // Tags are added, never upserted: an upsert's tags would replace the contact's own.
    expect(ghl.requests[1]?.body).toStrictEqual({ tags: ['Cash Offer Generated', 'Calculator Export'] });
    expect(ghl.contacts[0]?.tags).toEqual(['Cash Offer Generated', 'Calculator Export']);
    expect(ghl.notes[0]?.body).toMatch(/^Cash offer: \$108,000 - \$123,000\nProperty: 12 Oak St, Austin, TX\n/);
  });

  it('exports a saved property as the server stored it, only for its owner', async () => {
    const owner = await wholesalerWithKey();
    const id = await saveProperty(owner.headers);
    const response = await app.request(
      '/api/integrations/ghl/export',
      post(owner.headers, { source: { kind: 'saved', savedPropertyId: id }, contact }),
    );
    expect(response.status).toBe(200);
    expect(crmHook.requests[0]?.body).toStrictEqual(expectedCrmPayload);

    crmHook.reset();
    ghl.reset();
    const intruder = await wholesalerWithKey();
    const stolen = await app.request(
      '/api/integrations/ghl/export',
      post(intruder.headers, { source: { kind: 'saved', savedPropertyId: id }, contact }),
    );
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({ error: 'Property not found' });
    expect(crmHook.requests).toHaveLength(0);
    expect(ghl.requests).toHaveLength(0);
  });

  it('stops at a failing webhook with its message: no contact is created and nothing changes', async () => {
    const { headers, user } = await wholesalerWithKey();
    await saveProperty(headers);
    const snapshot = async () => ({
      settings: await database()
        .db.select()
        .from(wholesalerSettings)
        .where(eq(wholesalerSettings.workspaceId, user.id)),
      saved: (
        await database().db.select({ n: count() }).from(savedProperties).where(eq(savedProperties.workspaceId, user.id))
      )[0]?.n,
    });
    const before = await snapshot();
    crmHook.failWith(500, '{"message":"Zap is turned off"}');
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    const response = await app.request(
      '/api/integrations/ghl/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact }),
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'Failed to export to GoHighLevel: The CRM webhook answered 500: Zap is turned off',
    });
    expect(crmHook.requests).toHaveLength(1);
    expect(ghl.requests).toHaveLength(0);
    expect(ghl.contacts).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });

  it('reports the CRM’s own answer without the key', async () => {
    const wrongKey = 'pit-wrong-token-9999-abcdef';
    const { headers } = await wholesalerWithKey(wrongKey);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await app.request(
      '/api/integrations/ghl/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact }),
    );
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: 'Failed to export to GoHighLevel: GoHighLevel answered 401: Invalid JWT',
    });
    expect(text).not.toContain(wrongKey);
    expect(ghl.requests[0]?.authorization).toBe(`Bearer ${wrongKey}`);

    ghl.failNext({
      status: 400,
      body: {
        statusCode: 400,
        message: 'This location does not allow duplicated contacts.',
        meta: { contactId: 'abc' },
      },
    });
    const { headers: second } = await wholesalerWithKey();
    const duplicate = await app.request(
      '/api/integrations/ghl/export',
      post(second, { source: { kind: 'calculation', calculation }, contact }),
    );
    expect(await duplicate.json()).toEqual({
      error:
        'Failed to export to GoHighLevel: GoHighLevel answered 400: This location does not allow duplicated contacts.',
    });
  });

  it('asks for a key first, and sends nothing without one', async () => {
    const { headers } = await signUpTestUser(app);
    const response = await app.request(
      '/api/integrations/ghl/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'GoHighLevel API key not found. Please set up your API key first.',
      code: 'ghl-key-missing',
    });
    expect(crmHook.requests).toHaveLength(0);
    expect(ghl.requests).toHaveLength(0);
  });

  it('creates the contact without the webhook when CRM_WEBHOOK_URL is unset', async () => {
    const noWebhook = createTestApp(database(), { TRUST_PROXY: '1', GHL_API_URL: ghl.url });
    const { headers } = await wholesalerWithKey();
    const response = await noWebhook.request(
      '/api/integrations/ghl/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact }),
    );
    expect(await response.json()).toMatchObject({ exported: true, webhook: 'not configured' });
    expect(ghl.contacts).toHaveLength(1);
    expect(crmHook.requests).toHaveLength(0);
  });

  it.each([
    [{ ...contact, name: '' }, 'Name is required'],
    [{ ...contact, email: 'mary@' }, 'Invalid email format'],
    [{ ...contact, phone: '5125550100' }, 'Invalid phone format (XXX-XXX-XXXX)'],
  ])('refuses an invalid contact %# with the §5 message', async (badContact, message) => {
    const { headers } = await wholesalerWithKey();
    const response = await app.request(
      '/api/integrations/ghl/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact: badContact }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message });
    expect(crmHook.requests).toHaveLength(0);
  });

  it('posts the §3 sheets payload to the spreadsheet webhook', async () => {
    const { headers } = await signUpTestUser(app);
    const response = await app.request(
      '/api/integrations/sheets/export',
      post(headers, {
        source: { kind: 'calculation', calculation },
        contact: sheetsContact,
        timeZone: 'America/Chicago',
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ exported: true });
    expect(sheetsHook.requests).toHaveLength(1);
    expect(sheetsHook.requests[0]?.body).toStrictEqual({
      firstName: 'Mary',
      lastName: 'Ann Lee',
      email: 'mary@example.com',
      phone: '512-555-0100',
      address: '12 Oak St, Austin, TX',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      marketValue: 200000,
      repairDetails: 'New Roof: $9,000, Flooring: $3,000',
      totalRepairs: 12000,
      offerLow: '$108,000',
      offerHigh: '$123,000',
      exportDate: expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}$/),
      exportTime: expect.stringMatching(/^\d{1,2}:\d{2}:\d{2} [AP]M$/),
    });
    expect(crmHook.requests).toHaveLength(0);
  });

  it('exports a saved property with no repairs as "None" to the sheet', async () => {
    const { headers } = await signUpTestUser(app);
    const created = await app.request(
      '/api/properties',
      post(headers, {
        ...calculation,
        repairs: [...defaultRepairCatalog],
        contact: { name: 'Owner', email: '', phones: ['512-555-0199'] },
      }),
    );
    const { property } = (await created.json()) as { property: { id: string } };
    const response = await app.request(
      '/api/integrations/sheets/export',
      post(headers, { source: { kind: 'saved', savedPropertyId: property.id }, contact: sheetsContact }),
    );
    expect(response.status).toBe(200);
    expect(sheetsHook.requests[0]?.body).toMatchObject({
      repairDetails: 'None',
      totalRepairs: 0,
      offerLow: '$120,000',
      offerHigh: '$135,000',
    });
  });

  it('reports a failing spreadsheet webhook with its text', async () => {
    const { headers } = await signUpTestUser(app);
    sheetsHook.failWith(503, 'Sheet is full');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await app.request(
      '/api/integrations/sheets/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact: sheetsContact }),
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'Failed to export to Google Sheets: The spreadsheet webhook answered 503: Sheet is full',
    });
  });

  it('says how to connect a spreadsheet when neither the user nor the server has a webhook', async () => {
    const bare = createTestApp(database(), { TRUST_PROXY: '1' });
    const { headers } = await signUpTestUser(bare);
    const response = await bare.request(
      '/api/integrations/sheets/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact: sheetsContact }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: sheetsSettingsMessages.notConnected, code: 'sheets-not-connected' });
  });

  it.each([
    [{ ...sheetsContact, city: ' ' }, 'City is required'],
    [{ ...sheetsContact, state: '' }, 'State is required'],
    [{ ...sheetsContact, state: 'T1' }, 'Invalid state format (e.g., TX)'],
    [{ ...sheetsContact, zipCode: '' }, 'ZIP code is required'],
    [{ ...sheetsContact, zipCode: '787011' }, 'Invalid ZIP code format'],
  ])('refuses an invalid sheets contact %# with the §5 message', async (badContact, message) => {
    const { headers } = await signUpTestUser(app);
    const response = await app.request(
      '/api/integrations/sheets/export',
      post(headers, { source: { kind: 'calculation', calculation }, contact: badContact }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message });
    expect(sheetsHook.requests).toHaveLength(0);
  });

  it('refuses anonymous exports', async () => {
    const origin = { origin: 'http://localhost:3000' };
    expect(
      (
        await app.request(
          '/api/integrations/ghl/export',
          post(origin, { source: { kind: 'calculation', calculation }, contact }),
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await app.request(
          '/api/integrations/sheets/export',
          post(origin, { source: { kind: 'calculation', calculation }, contact: sheetsContact }),
        )
      ).status,
    ).toBe(401);
  });
});
