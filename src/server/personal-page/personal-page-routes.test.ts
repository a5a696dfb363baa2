import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { freshClientAddress as freshIp } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { leeHomesProfile, signUpTestUser } from '#tests/support/test-users.ts';
import { leads, offerLinks } from '../db/schema';
import { OFFER_RESPONSE_RATE_LIMIT } from '../offer-links/offer-links-routes';

type TestApp = ReturnType<typeof createTestApp>;

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs };
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };

const send = (
  app: TestApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  ip = freshIp(),
) =>
  app.request(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json', 'x-forwarded-for': ip },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

describeEachDatabase('personal calculator pages', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  async function wholesalerWithPage() {
    const wholesaler = await signUpTestUser(app);
    const handle = `lee-${randomUUID().slice(0, 8)}`;
    const saved = await send(app, 'PUT', '/api/profile', wholesaler.headers, leeHomesProfile(handle));
    expect(saved.status).toBe(200);
    return { ...wholesaler, handle };
  }

  const offersOf = (userId: string) => database().db.select().from(offerLinks).where(eq(offerLinks.userId, userId));

  it('shows the page’s branding by handle in any letter case, and nothing private', async () => {
    const { handle } = await wholesalerWithPage();
    const response = await send(app, 'GET', `/api/public/wholesalers/${handle.toUpperCase()}`, {});
    expect(response.status).toBe(200);
    const branding = await response.json();
    expect(branding).toEqual({
      handle,
      displayName: 'Lee Homes Buyer',
      company: 'Lee Homes',
      phone: '512-555-0199',
      homeownerView: { detail: 'whole-math', netSheet: true },
    });
  });

  it('answers unknown and malformed handles with the same 404', async () => {
    for (const handle of ['nobody-here', 'Not A Handle!', 'x'.repeat(200)]) {
      const response = await send(app, 'GET', `/api/public/wholesalers/${encodeURIComponent(handle)}`, {});
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'Page not found', code: 'wholesaler-not-found' });
    }
  });

  it('turns a visitor’s calculation into the wholesaler’s offer link with the default formula, answered as theirs', async () => {
    const { handle, user } = await wholesalerWithPage();
    // A visitor cannot choose the formula: a generous template is ignored.
    const generous = {
      name: 'Mine',
      description: '',
      arvMultiplier: 1.5,
      repairMultiplier: 0,
      minProfit: 0,
      maxProfit: 0,
    };
    const created = await send(
      app,
      'POST',
      `/api/public/wholesalers/${handle}/offers`,
      {},
      {
        ...calculation,
        template: generous,
      },
    );
    expect(created.status).toBe(201);
    const { token, url, offer } = (await created.json()) as {
      token: string;
      url: string;
      offer: { offerRange: unknown; wholesaler: unknown; address: string };
    };
    expect(url).toBe(`http://localhost:3000/offer/${token}`);
    expect(offer).toMatchObject({
      address: '12 Oak St, Austin, TX',
      offerRange: { low: 111000, high: 126000 },
      // Its receipt's formula: the page's, not the visitor's.
      formula: {
        name: 'Standard Wholesale',
        arvMultiplier: 0.7,
        repairMultiplier: 1,
        minProfit: 5000,
        maxProfit: 20000,
      },
      wholesaler: { displayName: 'Lee Homes Buyer' },
    });
    const [link] = await offersOf(user.id);
    expect(link).toMatchObject({ source: 'personal-page', templateName: 'Standard Wholesale', offerLow: 111000 });

    const answer = await send(
      app,
      'POST',
      `/api/public/offers/${token}/responses`,
      {},
      {
        kind: 'counter',
        desiredPrice: 140000,
        contact,
      },
    );
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ title: 'Your counter-offer of $140,000 was sent to Lee Homes Buyer' });
    const [lead] = await database().db.select().from(leads).where(eq(leads.offerLinkId, link!.id));
    expect(lead).toMatchObject({ workspaceId: user.id, source: 'personal-page', responseKind: 'countered' });
  });

  it('refuses an unknown handle, a malformed or unworkable calculation, and stores nothing', async () => {
    const { handle, user } = await wholesalerWithPage();
    const unknown = await send(
      app,
      'POST',
      `/api/public/wholesalers/nobody-${randomUUID().slice(0, 6)}/offers`,
      {},
      calculation,
    );
    expect(unknown.status).toBe(404);
    for (const body of [
      { ...calculation, marketValue: -5 },
      { ...calculation, address: '' },
      { ...calculation, repairs: 'roof' },
      '{"address":',
    ]) {
      const refused = await send(app, 'POST', `/api/public/wholesalers/${handle}/offers`, {}, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toHaveProperty('error');
    }
    const unworkable = await send(
      app,
      'POST',
      `/api/public/wholesalers/${handle}/offers`,
      {},
      {
        ...calculation,
        marketValue: 1000,
      },
    );
    expect(unworkable.status).toBe(400);
    expect(await unworkable.json()).toMatchObject({ code: 'offer-unworkable' });
    expect(await offersOf(user.id)).toEqual([]);
  });

  it('rate limits new offers per client address', async () => {
    const { handle, user } = await wholesalerWithPage();
    const ip = freshIp();
    for (let index = 0; index < OFFER_RESPONSE_RATE_LIMIT.limit; index += 1) {
      expect((await send(app, 'POST', `/api/public/wholesalers/${handle}/offers`, {}, calculation, ip)).status).toBe(
        201,
      );
    }
    const limited = await send(app, 'POST', `/api/public/wholesalers/${handle}/offers`, {}, calculation, ip);
    expect(limited.status).toBe(429);
    expect(await offersOf(user.id)).toHaveLength(OFFER_RESPONSE_RATE_LIMIT.limit);
  });
});
