// Issue 28 §4: an offer link whose market value came from comparable sales names them to the
// homeowner ("based on N nearby sales": address, date and price only), on PGlite and PostgreSQL 15.
// A saved property's come from the comps it keeps, a calculation's from its request; a typed market
// value names none, and hostile sales are refused with nothing stored.
import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, expect, it } from 'vitest';
import type { ArvComp, ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { offerLinks, savedProperties } from '../db/schema';

/** POST /api/offer-links's body, as the route declares it. */
type ShareRequest = InferRequestType<ReturnType<typeof typedClient>['offer-links']['$post']>['json'];

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000);
const comp = (price: number, soldDate: string, address?: string): ArvComp => ({
  price,
  soldDate,
  sqft: 1500,
  beds: 3,
  ...(address ? { address } : {}),
});
/** Kept comps whose estimate used the first, third and fourth (the second excluded by the user, the fifth by screening). */
const arvComps = (arv: number): ArvFromComps => ({
  subject: { sqft: 1500, beds: 3 },
  comps: [
    comp(310_000, '2025-01-10', '101 Elm St'),
    { ...comp(600_000, '2025-01-20', '102 Elm St'), decision: { action: 'exclude', reason: 'Sold with a pool' } },
    comp(325_000, '2025-03-02', '103 Elm St'),
    comp(298_000, '2025-02-07'),
    comp(900_000, '2025-02-09', '111 Elm St'),
  ],
  estimate: {
    arv,
    low: 290_000,
    high: 335_000,
    confidence: 62,
    used: [
      { index: 0, adjustedPrice: 311_000 },
      { index: 2, adjustedPrice: 318_500 },
      { index: 3, adjustedPrice: 305_250 },
    ],
  },
});
/** What the homeowner sees of those three: newest first, address, date and price only. */
const expectedSales = [
  { address: '103 Elm St', soldDate: '2025-03-02', price: 325_000 },
  { address: '', soldDate: '2025-02-07', price: 298_000 },
  { address: '101 Elm St', soldDate: '2025-01-10', price: 310_000 },
];

describeEachDatabase('nearby sales on offer links', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });

  /** A property saved at `marketValue`, with the comps behind it when it is their ARV (one request). */
  async function savedProperty(headers: Record<string, string>, marketValue: number, kept?: ArvFromComps) {
    const response = await api.properties.$post(
      {
        json: {
          address: '100 Elm St, Austin, TX',
          marketValue,
          repairs,
          template: defaultTemplate,
          contact: { name: 'Owner', email: '', phones: ['512-555-0199'] },
          ...(kept ? { marketValueSource: { kind: 'comps' as const, arvComps: kept } } : {}),
        },
      },
      asBrowser(headers),
    );
    return (await bodyAt(response, 201)).property.id;
  }

  const share = async (headers: Record<string, string>, json: ShareRequest) =>
    bodyAt(await api['offer-links'].$post({ json }, asBrowser(headers)), 201);
  const stored = async (id: string) =>
    (
      await database().db.select({ nearbySales: offerLinks.nearbySales }).from(offerLinks).where(eq(offerLinks.id, id))
    )[0]?.nearbySales;
  const opened = async (url: string) => {
    const response = await api.public.offers[':token'].$get(
      { param: { token: url.split('/offer/')[1]! } },
      asBrowser(),
    );
    expect(response.status).toBe(200);
    return response.json();
  };

  it('names the kept comps’ sales on a link to a saved property whose market value is their ARV', async () => {
    const { headers } = await signUpTestUser(app);
    const id = await savedProperty(headers, 315_000, arvComps(315_000));

    const link = await share(headers, { from: 'saved-property', savedPropertyId: id });
    expect(await stored(link.id)).toEqual(expectedSales);
    const offer = await opened(link.url);
    expect(offer.nearbySales).toEqual(expectedSales);
    // Nothing of the estimate's working reaches the homeowner.
    expect(JSON.stringify(offer)).not.toMatch(/adjust|weight|confidence|102 Elm St|111 Elm St|Sold with a pool/i);
  });

  it('names none when the saved property’s market value was typed, not the comps’ ARV, or it keeps no comps', async () => {
    const { headers } = await signUpTestUser(app);
    const typed = await savedProperty(headers, 320_000);
    // Comps kept beside a typed value, as the separate request that kept them before issue 38 could.
    await database()
      .db.update(savedProperties)
      .set({ arvComps: arvComps(315_000) })
      .where(eq(savedProperties.id, typed));
    const link = await share(headers, { from: 'saved-property', savedPropertyId: typed });
    expect(await stored(link.id)).toBeNull();
    expect((await opened(link.url)).nearbySales).toEqual([]);

    const withoutComps = await savedProperty(headers, 315_000);
    const plain = await share(headers, { from: 'saved-property', savedPropertyId: withoutComps });
    expect(await stored(plain.id)).toBeNull();
  });

  it('keeps the sales a calculation’s share names, and none when it names none', async () => {
    const { headers } = await signUpTestUser(app);
    const calculation = { address: '100 Elm St, Austin, TX', marketValue: 315_000, repairs, template: defaultTemplate };
    const fromComps = await share(headers, { from: 'calculation', calculation, nearbySales: expectedSales });
    expect(await stored(fromComps.id)).toEqual(expectedSales);
    expect((await opened(fromComps.url)).nearbySales).toEqual(expectedSales);

    const typed = await share(headers, { from: 'calculation', calculation });
    expect(await stored(typed.id)).toBeNull();
    expect((await opened(typed.url)).nearbySales).toEqual([]);
  });

  it('refuses hostile sales with a 400 (413 for a body over the size limit) and stores no link', async () => {
    const { headers, user } = await signUpTestUser(app);
    const calculation = { address: '100 Elm St, Austin, TX', marketValue: 315_000, repairs, template: defaultTemplate };
    const sale = expectedSales[0]!;
    const future = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const nearbySales of [
      'lots',
      {},
      [],
      [null],
      Array.from({ length: 51 }, () => sale),
      Array.from({ length: 10_000 }, () => sale),
      [{ ...sale, price: 1e308 }],
      [{ ...sale, price: -1 }],
      [{ ...sale, price: 0 }],
      [{ ...sale, price: '325000' }],
      [{ ...sale, price: 1_000_000_001 }],
      [{ ...sale, soldDate: '2025-02-31' }],
      [{ ...sale, soldDate: '1899-12-31' }],
      [{ ...sale, soldDate: future }],
      [{ ...sale, soldDate: '10 Jan 2025' }],
      [{ ...sale, address: 'x'.repeat(301) }],
      [{ ...sale, address: '12 Oak St\u0000' }],
      [{ ...sale, address: '12 Oak St\u202Etxt.exe' }],
      [{ ...sale, weight: 0.4 }],
      [{ address: sale.address, price: sale.price }],
    ]) {
      const response = await sendJson(app, 'POST', '/api/offer-links', headers, {
        from: 'calculation',
        calculation,
        nearbySales,
      });
      const tooLarge = Array.isArray(nearbySales) && nearbySales.length === 10_000;
      expect(response.status, JSON.stringify(nearbySales).slice(0, 80)).toBe(tooLarge ? 413 : 400);
    }
    expect(await database().db.select().from(offerLinks).where(eq(offerLinks.userId, user.id))).toEqual([]);
  });
});
