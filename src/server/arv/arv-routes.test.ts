// Issue 28: POST /api/arv/estimate (signed in, rate limited, the fixed interface of ARCHITECTURE.md),
// on PGlite and PostgreSQL 15: hostile bodies are refused with a 4xx. The comps behind a used ARV
// are kept by the property's save (properties/save-property-comps.test.ts).
import fc from 'fast-check';
import { Hono } from 'hono';
import type { HTTPException } from 'hono/http-exception';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArvComp } from '#domain/arv/arv-request-schema.ts';
import { arbitraryArvRequest, figuresOf } from '#tests/support/arv-requests.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { validate } from '../http/validate';
import { ARV_ESTIMATE_RATE_LIMIT } from './arv-routes';
import { EstimateBodySchema } from './estimate-body-schema';

const subject = { sqft: 1500, beds: 3, baths: 2, lat: 47.68, lng: -122.35, valueDate: '2015-03-01' };
const comp = (price: number, overrides: Partial<ArvComp> = {}): ArvComp => ({
  price,
  soldDate: '2015-01-15',
  sqft: 1500,
  beds: 3,
  baths: 2,
  lat: 47.681,
  lng: -122.351,
  address: `${price} Elm St`,
  ...overrides,
});
const comps = [
  comp(500_000),
  comp(520_000),
  comp(480_000),
  comp(510_000, { sqft: 1600 }),
  comp(495_000),
  comp(900_000, { sqft: 3000 }),
];

describeEachDatabase('ARV from comparable sales', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });

  it('answers 401 to a signed-out caller', async () => {
    expect((await sendJson(app, 'POST', '/api/arv/estimate', {}, { subject, comps })).status).toBe(401);
  });

  it('keeps comps by the save alone: the second request that kept them (PUT /api/arv/comps) is gone', async () => {
    const { headers } = await signUpTestUser(app);
    const body = { savedPropertyId: crypto.randomUUID(), arvComps: null };
    expect((await sendJson(app, 'PUT', '/api/arv/comps', headers, body)).status).toBe(404);
  });

  it('estimates: the ARV, its 80 % range, a confidence with factors, each used comp and each excluded one with its reason', async () => {
    const { headers } = await signUpTestUser(app);
    const body = await bodyAt(await api.arv.estimate.$post({ json: { subject, comps } }, asBrowser(headers)), 200);
    expect(body.arv).toBeGreaterThan(480_000);
    expect(body.arv).toBeLessThan(520_000);
    expect(body.low).toBeLessThan(body.arv);
    expect(body.high).toBeGreaterThan(body.arv);
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.factors).toHaveLength(5);
    expect(body.used.map((used) => used.index)).toEqual([0, 1, 2, 3, 4]);
    expect(body.used[3]!.adjustments).toContainEqual(expect.objectContaining({ kind: 'size' }));
    expect(body.excluded).toEqual([{ index: 5, reason: expect.stringMatching(/^size: 3,000 sq ft is outside ±30 %/) }]);
  });

  it('uses a pinned comp whatever screening says', async () => {
    const { headers } = await signUpTestUser(app);
    const body = await bodyAt(
      await api.arv.estimate.$post({ json: { subject, comps, pinned: [5] } }, asBrowser(headers)),
      200,
    );
    expect(body.used.map((used) => used.index)).toContain(5);
    expect(body.excluded).toEqual([]);
  });

  it('says "not enough comparable sales" with 422 and no figure when fewer than 3 comps are usable', async () => {
    const { headers } = await signUpTestUser(app);
    const response = await sendJson(app, 'POST', '/api/arv/estimate', headers, {
      subject,
      comps: [comps[0], comps[5]],
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: 'not enough comparable sales',
      code: 'not-enough-comps',
      usable: 1,
      excluded: [{ index: 1, reason: expect.stringMatching(/^size/) }],
    });
    expect(body).not.toHaveProperty('arv');
  });

  it('refuses pinned comps sold centuries from the value date with 422 and the reason, not 200 with null figures (issue 37, finding 13)', async () => {
    const { headers } = await signUpTestUser(app);
    const ancient = [1402, 1455, 1510, 1633].map((year) => comp(500_000 + year, { soldDate: `${year}-06-01` }));
    const response = await sendJson(app, 'POST', '/api/arv/estimate', headers, {
      subject,
      comps: ancient,
      pinned: [0, 1, 2, 3],
      trendPerYear: 0.05,
    });
    expect(response.status).toBe(422);
    const tooFar = /^too far: sold \d+ months from the value date, beyond 120 months even when pinned$/;
    expect(await response.json()).toEqual({
      error: 'not enough comparable sales',
      code: 'not-enough-comps',
      usable: 0,
      excluded: [0, 1, 2, 3].map((index) => ({ index, reason: expect.stringMatching(tooFar) })),
    });
  });

  it('never answers 200 with a figure that is not a finite number, whatever the comps (issue 37, finding 13)', async () => {
    // A new user every 50 requests, so neither the runs nor a failure's shrinking meet the estimate limit.
    let user = await signUpTestUser(app);
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(arbitraryArvRequest, async (body) => {
        if (++sent % 50 === 0) user = await signUpTestUser(app);
        const { headers } = user;
        const response = await sendJson(app, 'POST', '/api/arv/estimate', headers, body);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const answer = (await response.json()) as Parameters<typeof figuresOf>[0] & { error?: string };
        if (response.status !== 200) {
          expect(response.status).toBe(422);
          expect(answer.error).toBe('not enough comparable sales');
          return;
        }
        expect(figuresOf(answer).filter((figure) => typeof figure !== 'number' || !Number.isFinite(figure))).toEqual(
          [],
        );
      }),
      { numRuns: 120 },
    );
    // Enough of the runs reach an estimate for the property to mean something (about a third do).
    expect(statuses.get(200)).toBeGreaterThan(12);
  });

  describe('hostile bodies', () => {
    const tooMany = JSON.stringify({ subject, comps: Array.from({ length: 10_000 }, () => comp(500_000)) });
    it.each([
      ['NaN', '{"subject":{"sqft":NaN},"comps":[]}', 400],
      ['1e308 price', { subject, comps: [comp(1e308)] }, 400],
      ['a negative square footage', { subject: { ...subject, sqft: -1500 }, comps }, 400],
      ['a price as text', { subject, comps: [{ ...comp(1), price: '500000' }] }, 400],
      ['comps not a list', { subject, comps: { 0: comp(1) } }, 400],
      ['an unknown field', { subject, comps, admin: true }, 400],
      ['no subject', { comps }, 400],
      ['a pinned index out of range', { subject, comps, pinned: [-1] }, 400],
      ['501 comps', { subject, comps: Array.from({ length: 501 }, () => comp(500_000)) }, 400],
      ['10,000 comps', tooMany, 413],
      ['an oversized body', JSON.stringify({ subject, comps, pad: 'x'.repeat(400 * 1024) }), 413],
      ['not JSON', '{"subject":', 400],
    ])('refuses %s with a 4xx', async (_, body, status) => {
      const { headers } = await signUpTestUser(app);
      const response = await sendJson(app, 'POST', '/api/arv/estimate', headers, body);
      expect(response.status).toBe(status);
      expect(await response.json()).toHaveProperty('error');
    });
  });

  it("answers a refused body byte for byte as the route's validator answered it (issue 37, finding 14)", async () => {
    // The validator the route used before the worker read its bodies, on a bare app with the app's error mapping.
    const reference = new Hono()
      .post('/', validate('json', EstimateBodySchema), (c) => c.text('valid'))
      .onError((error, c) => c.json({ error: (error as HTTPException).message }, (error as HTTPException).status));
    const { headers } = await signUpTestUser(app);
    const bodies: [string, string][] = [
      ['NaN', '{"subject":{"sqft":NaN},"comps":[]}'],
      ['not JSON', '{"subject":'],
      ['an empty body', ''],
      ['a list', '[]'],
      ['null', 'null'],
      ['no subject', JSON.stringify({ comps })],
      ['a price as text', JSON.stringify({ subject, comps: [comps[0], { ...comps[1], price: '500000' }] })],
      ['an unknown field', JSON.stringify({ subject, comps, admin: true })],
      ['a bad date', JSON.stringify({ subject: { ...subject, valueDate: '2015-02-31' }, comps })],
      ['an address with U+0000', JSON.stringify({ subject, comps: [{ ...comps[0], address: 'a\u0000b' }] })],
      ['a pinned index out of range', JSON.stringify({ subject, comps, pinned: [500] })],
      ['501 comps', JSON.stringify({ subject, comps: Array.from({ length: 501 }, () => comp(500_000)) })],
      [
        'a byte-order mark before a price as text',
        `\uFEFF${JSON.stringify({ subject, comps: [{ ...comps[0], price: 'x' }] })}`,
      ],
    ];
    for (const [name, body] of bodies) {
      const expected = await reference.request('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const response = await sendJson(app, 'POST', '/api/arv/estimate', headers, body);
      expect({ name, status: response.status, body: await response.text() }).toEqual({
        name,
        status: expected.status,
        body: await expected.text(),
      });
      expect(response.status, name).toBe(400);
    }
    // A body that is not declared JSON is read as no fields at all, as the validator read it.
    const notJson = await app.request('/api/arv/estimate', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain', 'x-forwarded-for': '10.37.9.9' },
      body: JSON.stringify({ subject, comps }),
    });
    const expected = await reference.request('/', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect([notJson.status, await notJson.text()]).toEqual([expected.status, await expected.text()]);
  });

  it('rate limits estimates per user with a 429, before any work', async () => {
    const { headers } = await signUpTestUser(app);
    for (let index = 0; index < ARV_ESTIMATE_RATE_LIMIT.limit; index += 1) {
      expect((await sendJson(app, 'POST', '/api/arv/estimate', headers, { subject, comps: 'x' })).status).toBe(400);
    }
    const refused = await sendJson(app, 'POST', '/api/arv/estimate', headers, { subject, comps });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests/), code: 'rate-limited' });
    const other = await signUpTestUser(app);
    expect((await sendJson(app, 'POST', '/api/arv/estimate', other.headers, { subject, comps })).status).toBe(200);
  });
});
