// Issue 16, findings 7 and 8: inputs that passed validation and failed in the database (500),
// and the offer webhook posted before anything was checked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { planMessages } from '#domain/plans/plans.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { textMessages } from '#domain/validation/bounded-text.ts';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { bulkSendJobs, savedProperties } from '../db/schema';

function saveRequest(overrides: Record<string, unknown> = {}) {
  return {
    address: '12 Oak St, Austin, TX',
    marketValue: 200000,
    repairs: defaultRepairCatalog,
    template: defaultTemplate,
    contact: { name: 'Ann Lee', email: 'ann@example.com', phones: ['512-555-0100'] },
    ...overrides,
  };
}

const json = (headers: Record<string, string>, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describeEachDatabase('hostile inputs to saves and sends', (database) => {
  let webhook: WebhookFake;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    webhook = await startWebhookFake();
    app = createTestApp(database(), { OFFER_WEBHOOK_URL: webhook.url, TRUST_PROXY: '1' });
  });
  afterAll(() => webhook.close());
  beforeEach(() => webhook.reset());

  const savedBy = (userId: string) =>
    database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, userId));

  const manyExpensiveRepairs = Array.from({ length: 50 }, (_, n) => ({
    name: `Repair ${n}`,
    cost: 1e10,
    isSelected: true,
    description: '',
    minCost: 0,
    maxCost: 1e10,
    customAmount: true,
  }));

  it.each([
    ['maxProfit 1e308', { template: { ...defaultTemplate, maxProfit: 1e308 } }, 'template.maxProfit'],
    [
      'minProfit and maxProfit 1e300',
      { template: { ...defaultTemplate, minProfit: 1e300, maxProfit: 1e300 } },
      'template.minProfit',
    ],
    [
      '50 repairs of $10bn at 5×',
      { repairs: manyExpensiveRepairs, template: { ...defaultTemplate, repairMultiplier: 5 } },
      'repairs',
    ],
    ['a NUL in the address', { address: '12 Oak St\u0000; DROP' }, 'address'],
    [
      'a NUL in the contact name',
      { contact: { name: 'Ann\u0000', email: 'ann@example.com', phones: ['512-555-0100'] } },
      'contact.name',
    ],
    ['a NUL in the template name', { template: { ...defaultTemplate, name: 'Std\u0000' } }, 'template.name'],
  ])('refuses %s with a 400 naming the field, before the webhook, saving nothing', async (_, overrides, field) => {
    const { headers, user } = await signUpTestUser(app);
    const response = await app.request('/api/properties', json(headers, saveRequest(overrides)));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; field?: string };
    expect(body.field).toBe(field);
    expect(body.error).not.toMatch(/something went wrong/i);
    expect(webhook.requests).toHaveLength(0);
    expect(await savedBy(user.id)).toEqual([]);
  });

  it('says which rule a NUL breaks', async () => {
    const { headers } = await signUpTestUser(app);
    const response = await app.request('/api/properties', json(headers, saveRequest({ address: 'a\u0000b' })));
    expect(await response.json()).toMatchObject({ error: textMessages.nulCharacter, field: 'address' });
  });

  it('a Free user at 3 of 3 cannot make the server post the offer webhook (finding 8)', async () => {
    const { headers, user } = await signUpTestUser(app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await app.request('/api/properties', json(headers, saveRequest({ address: `${i} Elm St` })))).status,
      ).toBe(201);
    }
    expect(webhook.requests).toHaveLength(3);
    webhook.reset();
    for (let i = 0; i < 20; i++) {
      const response = await app.request('/api/properties', json(headers, saveRequest({ address: `flood ${i}` })));
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: planMessages.limitReached(3) });
    }
    expect(webhook.requests).toHaveLength(0);
    expect(await savedBy(user.id)).toHaveLength(3);
  });

  it('refuses a NUL in a bulk-send name or address, and an unbounded template, with a 400', async () => {
    const { headers, user } = await signUpTestUser(app);
    // A Pro user who may send bulk offers (verified e-mail, postal address: issue 16).
    await makeBulkSender(database().db, user.id);
    const property = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'owner@example.com',
      address: '1 Oak St',
      marketValue: 200000,
    };
    const bodies = [
      { template: defaultTemplate, properties: [{ ...property, firstName: 'A\u0000nn' }] },
      { template: defaultTemplate, properties: [{ ...property, lastName: '\u0000' }] },
      { template: defaultTemplate, properties: [{ ...property, address: '1 Oak\u0000St' }] },
      { template: { ...defaultTemplate, name: 'Mine\u0000' }, properties: [property] },
      { template: { ...defaultTemplate, maxProfit: 1e308 }, properties: [property] },
    ];
    for (const body of bodies) {
      const response = await app.request('/api/bulk-send', json(headers, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toEqual([]);
  });
});
