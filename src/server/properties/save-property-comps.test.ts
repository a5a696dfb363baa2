// Issue 38: a save whose market value is the ARV from comps keeps the comps in the same request
// and insert (POST /api/properties), on PGlite and PostgreSQL 15; hostile comps (too many,
// malformed, not the market value's) are refused with a 4xx and nothing is saved.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArvComp, ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { setWorkspacePlan } from '#tests/support/workspaces.ts';
import { savedProperties } from '../db/schema';

const comp = (price: number, overrides: Partial<ArvComp> = {}): ArvComp => ({
  price,
  soldDate: '2025-01-15',
  sqft: 1500,
  beds: 3,
  address: `${price} Elm St`,
  ...overrides,
});

const arvComps: ArvFromComps = {
  subject: { sqft: 1500, beds: 3, baths: 2 },
  comps: [
    comp(300_000),
    { ...comp(320_000), decision: { action: 'exclude', reason: 'Sold to a relative' } },
    { ...comp(310_000), decision: { action: 'pin', reason: 'Same street' } },
    comp(305_000),
  ],
  estimate: {
    arv: 305_000,
    low: 290_000,
    high: 320_000,
    confidence: 62,
    used: [0, 2, 3].map((index) => ({ index, adjustedPrice: 305_000 })),
  },
};

const calculation = {
  address: '100 Elm St, Austin, TX',
  marketValue: 305_000,
  repairs: [...defaultRepairCatalog],
  template: defaultTemplate,
  contact: { name: 'Owner', email: '', phones: ['512-555-0199'] },
};

describeEachDatabase('saving a property with the comps behind its ARV', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });

  const savedRows = (workspaceId: string) =>
    database()
      .db.select({ marketValue: savedProperties.marketValue, arvComps: savedProperties.arvComps })
      .from(savedProperties)
      .where(eq(savedProperties.workspaceId, workspaceId));

  it('keeps the comps, decisions and estimate with the property in the one save request, and lists them', async () => {
    const { headers, user } = await signUpTestUser(app);
    const saved = await bodyAt(
      await api.properties.$post(
        { json: { ...calculation, marketValueSource: { kind: 'comps', arvComps } } },
        asBrowser(headers),
      ),
      201,
    );
    expect(saved.property.arvComps).toEqual(arvComps);
    expect(await savedRows(user.id)).toEqual([{ marketValue: 305_000, arvComps }]);
    const listed = await bodyAt(await api.properties.$get({ query: {} }, asBrowser(headers)), 200);
    expect(listed.properties.map((property) => property.arvComps)).toEqual([arvComps]);
  });

  it('keeps no comps for a typed market value, or a save that names no source', async () => {
    const { headers, user } = await signUpTestUser(app);
    for (const json of [{ ...calculation, marketValueSource: { kind: 'typed' as const } }, calculation]) {
      expect((await api.properties.$post({ json }, asBrowser(headers))).status).toBe(201);
    }
    expect(await savedRows(user.id)).toEqual([
      { marketValue: 305_000, arvComps: null },
      { marketValue: 305_000, arvComps: null },
    ]);
  });

  it('takes up to 500 comps with their addresses in one save, above the API’s usual 64 KB', async () => {
    const { headers, user } = await signUpTestUser(app);
    await setWorkspacePlan(database().db, user.id, 'pro');
    const many: ArvFromComps = {
      ...arvComps,
      comps: Array.from({ length: 500 }, (_, index) =>
        comp(300_000 + index, { address: `${index} ${'Long Oak Boulevard '.repeat(5)}, Austin, TX` }),
      ),
    };
    const body = { ...calculation, marketValueSource: { kind: 'comps', arvComps: many } };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    expect((await sendJson(app, 'POST', '/api/properties', headers, body)).status).toBe(201);
    expect((await savedRows(user.id))[0]?.arvComps?.comps).toHaveLength(500);
  });

  describe('hostile saves', () => {
    const withComps = (kept: unknown) => ({ ...calculation, marketValueSource: { kind: 'comps', arvComps: kept } });
    it.each([
      ['501 comps', withComps({ ...arvComps, comps: Array.from({ length: 501 }, () => comp(300_000)) }), 400],
      ['10,000 comps', withComps({ ...arvComps, comps: Array.from({ length: 10_000 }, () => comp(300_000)) }), 413],
      ['a negative square footage', withComps({ ...arvComps, subject: { sqft: -1500 } }), 400],
      ['a 1e308 price', withComps({ ...arvComps, comps: [comp(1e308), ...arvComps.comps.slice(1)] }), 400],
      ['a price as text', withComps({ ...arvComps, comps: [{ ...comp(1), price: '300000' }] }), 400],
      ['comps not a list', withComps({ ...arvComps, comps: { 0: comp(1) } }), 400],
      [
        'a decision without its reason',
        withComps({ ...arvComps, comps: [{ ...comp(1), decision: { action: 'exclude', reason: ' ' } }] }),
        400,
      ],
      [
        'a NUL in an address (jsonb cannot hold it)',
        withComps({ ...arvComps, comps: [comp(300_000, { address: 'Elm\u0000St' }), ...arvComps.comps.slice(1)] }),
        400,
      ],
      ['an ARV from comps without its estimate', withComps({ ...arvComps, estimate: undefined }), 400],
      ['a used comp that is not among the comps', withComps({ ...arvComps, comps: arvComps.comps.slice(0, 2) }), 400],
      ['comps whose ARV is not the market value', { ...withComps(arvComps), marketValue: 400_000 }, 400],
      ['an unknown field in the comps', withComps({ ...arvComps, admin: true }), 400],
      ['an unknown source', { ...calculation, marketValueSource: { kind: 'portal', arvComps } }, 400],
      ['comps as text', withComps('nope'), 400],
    ])('refuses %s and saves nothing', async (_, body, status) => {
      const { headers, user } = await signUpTestUser(app);
      const response = await sendJson(app, 'POST', '/api/properties', headers, body);
      expect(response.status).toBe(status);
      expect(await response.json()).toHaveProperty('error');
      expect(await savedRows(user.id)).toEqual([]);
    });

    it('refuses a save with comps once the free plan is full, keeping neither the property nor its comps', async () => {
      const { headers, user } = await signUpTestUser(app);
      for (let index = 0; index < 3; index += 1) {
        expect((await sendJson(app, 'POST', '/api/properties', headers, calculation)).status).toBe(201);
      }
      const refused = await sendJson(app, 'POST', '/api/properties', headers, withComps(arvComps));
      expect(refused.status).toBe(403);
      expect((await savedRows(user.id)).map((row) => row.arvComps)).toEqual([null, null, null]);
    });
  });
});
