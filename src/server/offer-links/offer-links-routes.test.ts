import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { mailedTo } from '#tests/support/outbox.ts';
import { freshClientAddress as freshIp } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { leeHomesProfile, markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { emailOutbox, leadEvents, leads, offerLinks, savedProperties } from '../db/schema';
import { hashOfferToken } from './offer-link-token';
import { OFFER_RESPONSE_RATE_LIMIT, PUBLIC_OFFER_RATE_LIMIT } from './offer-links-routes';

type TestApp = ReturnType<typeof createTestApp>;
type Api = ReturnType<typeof typedClient>;
/** A homeowner's answer, as POST /api/public/offers/{token}/responses declares its body. */
type Answer = InferRequestType<Api['public']['offers'][':token']['responses']['$post']>['json'];

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs, template: defaultTemplate };
const contact = { name: 'Ann Lee', email: 'Ann@Example.com', phone: '512-555-0100' };

/** A request as it is: for bodies and tokens the routes' types refuse (malformed on purpose). */
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

const tokenOf = (url: string) => url.split('/offer/')[1]!;

describeEachDatabase('answerable offer links', (database) => {
  let app: TestApp;
  let api: Api;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });
  /** A homeowner answers the offer of `token`, from a fresh client address unless `headers` name one. */
  const answer = (token: string, json: Answer, headers: Record<string, string> = {}) =>
    api.public.offers[':token'].responses.$post({ param: { token }, json }, asBrowser(headers));
  /** The homeowner opens the offer of `token`, from a fresh client address unless `headers` name one. */
  const open = (token: string, headers: Record<string, string> = {}) =>
    api.public.offers[':token'].$get({ param: { token } }, asBrowser(headers));

  async function wholesalerWithLink() {
    const wholesaler = await signUpTestUser(app);
    // Lead notifications go to verified addresses only (issue 25).
    await markEmailVerified(database().db, wholesaler.user.id);
    await api.profile.$put(
      {
        json: leeHomesProfile(null),
      },
      asBrowser(wholesaler.headers),
    );
    const response = await api['offer-links'].$post(
      { json: { from: 'calculation', calculation } },
      asBrowser(wholesaler.headers),
    );
    const link = await bodyAt(response, 201);
    return { ...wholesaler, link, token: tokenOf(link.url) };
  }

  it('shares a calculated offer as a link with a 256-bit token, stored only as its hash', async () => {
    const { link, token } = await wholesalerWithLink();
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/offer\/[A-Za-z0-9_-]{43}$/);
    expect(link.offer.offerRange).toEqual({ low: 111000, high: 126000 });
    const [row] = await database().db.select().from(offerLinks).where(eq(offerLinks.id, link.id));
    expect(row?.tokenHash).toBe(hashOfferToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(new Date(link.expiresAt).getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
  });

  it('shows the homeowner the offer, its repairs, the wholesaler and the 7-day validity, without sign-in', async () => {
    const { token } = await wholesalerWithLink();
    const response = await open(token);
    expect(response.status).toBe(200);
    const offer = await response.json();
    expect(offer).toMatchObject({
      address: '12 Oak St, Austin, TX',
      marketValue: 200000,
      repairs: [{ name: 'New Roof', cost: 9000 }],
      totalRepairCost: 9000,
      offerRange: { low: 111000, high: 126000 },
      wholesaler: { displayName: 'Lee Homes Buyer', company: 'Lee Homes', phone: '512-555-0199' },
      expired: false,
      recipient: null,
    });
    expect(offer.validityText).toMatch(/^This offer is valid for 7 days \(until [A-Z][a-z]+ \d{1,2}, \d{4}\)\.$/);
    expect(JSON.stringify(offer)).not.toMatch(/@example\.com|userId|tokenHash/);
  });

  it('shares a saved property of the user only; another user’s is 404', async () => {
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    const saved = await api.properties.$post(
      { json: { ...calculation, contact: { name: 'Ann Lee', email: '', phones: ['512-555-0100'] } } },
      asBrowser(owner.headers),
    );
    const { property } = await bodyAt(saved, 201);
    const shared = await api['offer-links'].$post(
      { json: { from: 'saved-property', savedPropertyId: property.id } },
      asBrowser(owner.headers),
    );
    expect(shared.status).toBe(201);
    const stolen = await api['offer-links'].$post(
      { json: { from: 'saved-property', savedPropertyId: property.id } },
      asBrowser(other.headers),
    );
    expect(stolen.status).toBe(404);
    expect(await database().db.select().from(offerLinks).where(eq(offerLinks.userId, other.user.id))).toEqual([]);
    expect(
      await database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, other.user.id)),
    ).toEqual([]);
  });

  it('refuses anonymous sharing, malformed and oversized bodies', async () => {
    const { headers } = await signUpTestUser(app);
    expect((await api['offer-links'].$post({ json: { from: 'calculation', calculation } }, asBrowser())).status).toBe(
      401,
    );
    for (const body of [
      '{',
      { from: 'somewhere' },
      { from: 'calculation', calculation: { ...calculation, address: 'x'.repeat(301) } },
      { from: 'calculation', calculation: { ...calculation, marketValue: 1e12 } },
      { from: 'saved-property', savedPropertyId: 'not-a-uuid' },
    ]) {
      expect((await send(app, 'POST', '/api/offer-links', headers, body)).status).toBe(400);
    }
  });

  it('answers tampered, truncated and unknown tokens with a 404 JSON, never a 500', async () => {
    const { token } = await wholesalerWithLink();
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, token.slice(0, 20), `${token}x`, 'a'.repeat(43), '..%2F..', '%00']) {
      const opened = await send(app, 'GET', `/api/public/offers/${bad}`, {});
      expect(opened.status).toBe(404);
      expect(await opened.json()).toEqual({ error: 'Offer not found', code: 'offer-not-found' });
      const answered = await send(app, 'POST', `/api/public/offers/${bad}/responses`, {}, { kind: 'accept', contact });
      expect(answered.status).toBe(404);
    }
  });

  it('sends a counter to the wholesaler as a lead, e-mails them, and never tells the homeowner it was accepted', async () => {
    const { token, user, link } = await wholesalerWithLink();
    const response = await answer(token, {
      kind: 'counter',
      desiredPrice: 150000,
      contact,
      message: 'Can you do 150?',
    });
    const answered = await bodyAt(response, 201);
    expect(answered).toEqual({
      outcome: 'sent',
      title: 'Your counter-offer of $150,000 was sent to Lee Homes Buyer',
      message: expect.stringContaining('Lee Homes Buyer will review it'),
    });
    expect(JSON.stringify(answered)).not.toMatch(/accepted/i);

    const [lead] = await database().db.select().from(leads).where(eq(leads.offerLinkId, link.id));
    expect(lead).toMatchObject({
      workspaceId: user.id,
      source: 'shared-link',
      status: 'new',
      responseKind: 'countered',
      desiredPrice: 150000,
      name: 'Ann Lee',
      email: 'Ann@Example.com',
      contactKey: 'ann@example.com',
      offerLow: 111000,
      offerHigh: 126000,
    });
    const events = await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(events.map((event) => [event.kind, event.responseKind, event.desiredPrice])).toEqual([
      ['offer', null, null],
      ['response', 'countered', 150000],
      // The link's member takes the new lead (issue 26).
      ['assignment', null, null],
    ]);
    const [mail] = await database().db.select().from(emailOutbox).where(mailedTo(user.email));
    expect(mail).toMatchObject({
      subject: 'New lead: countered at $150,000',
      replyTo: 'Ann@Example.com',
    });
  });

  it('keeps one lead per link and homeowner: accepting after a counter updates the same lead', async () => {
    const { token, link } = await wholesalerWithLink();
    await answer(token, { kind: 'counter', desiredPrice: 130000, contact });
    const accepted = await answer(token, { kind: 'accept', contact: { ...contact, email: 'ANN@example.com' } });
    expect((await bodyAt(accepted, 201)).title).toBe('Your acceptance was sent to Lee Homes Buyer');
    const rows = await database().db.select().from(leads).where(eq(leads.offerLinkId, link.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ responseKind: 'accepted', desiredPrice: 130000 });
    const events = await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, rows[0]!.id));
    expect(events.map((event) => event.responseKind)).toEqual([null, 'countered', null, 'accepted']);

    // Someone else answering the same shared link is another lead.
    await answer(token, { kind: 'accept', contact: { ...contact, email: 'bo@example.com' } });
    expect(await database().db.select().from(leads).where(eq(leads.offerLinkId, link.id))).toHaveLength(2);
  });

  it('passes a counter above 82% of market value on and shows the MLS/Retail program (§4)', async () => {
    const { token, link } = await wholesalerWithLink();
    const response = await answer(token, { kind: 'counter', desiredPrice: 164001, contact });
    expect(await bodyAt(response, 201)).toMatchObject({ outcome: 'needs-program-info' });
    const atThreshold = await answer(token, {
      kind: 'counter',
      desiredPrice: 164000,
      contact: { ...contact, email: 'bo@example.com' },
    });
    expect(await atThreshold.json()).toMatchObject({ outcome: 'sent' });
    const program = await answer(token, {
      kind: 'program',
      fullName: 'Ann Lee',
      phone: '512-555-0100',
      email: 'ann@example.com',
      condition: 'Good',
      timeframe: '60',
      notes: 'Call after 5pm',
      desiredPrice: 164001,
    });
    expect(program.status).toBe(201);
    const [lead] = await database()
      .db.select()
      .from(leads)
      .where(eq(leads.contactKey, 'ann@example.com'))
      .then((rows) => rows.filter((row) => row.offerLinkId === link.id));
    expect(lead).toMatchObject({ responseKind: 'program-interest', details: { condition: 'Good', timeframe: '60' } });
  });

  it('refuses accepting or countering an expired offer, but takes a request for a new one', async () => {
    const { token, link, user } = await wholesalerWithLink();
    await database()
      .db.update(offerLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offerLinks.id, link.id));
    const opened = await (await open(token)).json();
    expect(opened).toMatchObject({ expired: true });
    expect(opened.validityText).toMatch(/^This offer expired on /);
    for (const body of [
      { kind: 'accept', contact },
      { kind: 'counter', desiredPrice: 120000, contact },
    ] satisfies Answer[]) {
      const refused = await answer(token, body);
      // A refusal (410, like the 404 and 429 here) is thrown and answered by app.onError: not in the route's type.
      expect(refused.status).toBe(410);
      expect(await refused.json()).toEqual({
        error: 'This offer has expired. You can ask for a new one.',
        code: 'offer-expired',
      });
    }
    const renewal = await answer(token, { kind: 'new-offer', contact });
    expect((await bodyAt(renewal, 201)).title).toBe('Your request for a new offer was sent to Lee Homes Buyer');
    const [lead] = await database().db.select().from(leads).where(eq(leads.workspaceId, user.id));
    expect(lead).toMatchObject({ responseKind: 'new-offer-requested' });
  });

  it('refuses malformed, oversized and NUL-carrying answers and stores nothing', async () => {
    const { token, link } = await wholesalerWithLink();
    for (const body of [
      '{"kind":',
      { kind: 'accept' },
      { kind: 'shrug', contact },
      { kind: 'counter', desiredPrice: 'lots', contact },
      { kind: 'counter', desiredPrice: 1e11, contact },
      { kind: 'accept', contact, message: 'x'.repeat(2001) },
      { kind: 'accept', contact: { ...contact, name: 'A\u0000' } },
      { kind: 'accept', contact: { ...contact, email: 'x'.repeat(300) } },
    ]) {
      expect((await send(app, 'POST', `/api/public/offers/${token}/responses`, {}, body)).status).toBe(400);
    }
    expect(await database().db.select().from(leads).where(eq(leads.offerLinkId, link.id))).toEqual([]);
  });

  it('rate limits opening and answering offers per client address', async () => {
    const { token } = await wholesalerWithLink();
    const ip = freshIp();
    for (let index = 0; index < PUBLIC_OFFER_RATE_LIMIT.limit; index += 1) {
      expect((await open(token, { 'x-forwarded-for': ip })).status).toBe(200);
    }
    const limited = await open(token, { 'x-forwarded-for': ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Guessing tokens counts too.
    const guesser = freshIp();
    for (let index = 0; index < PUBLIC_OFFER_RATE_LIMIT.limit; index += 1) {
      await open(randomUUID(), { 'x-forwarded-for': guesser });
    }
    expect((await open(token, { 'x-forwarded-for': guesser })).status).toBe(429);

    const answerer = freshIp();
    for (let index = 0; index < OFFER_RESPONSE_RATE_LIMIT.limit; index += 1) {
      await send(app, 'POST', `/api/public/offers/${token}/responses`, {}, { kind: 'accept' }, answerer);
    }
    const tooMany = await answer(token, { kind: 'accept', contact }, { 'x-forwarded-for': answerer });
    expect(tooMany.status).toBe(429);
  });
});
