import { eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startResendFake, type ResendFake } from '#tests/fakes/resend-fake.ts';
import { captureLog } from '#tests/support/capture-log.ts';
import { freshClientAddress } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { emailOutbox, leadEvents, leads } from '../db/schema';
import { deliverDueEmails, emailRetryDelayMs } from '../email/deliver-due-emails';
import { createResendTransport } from '../email/resend-transport';
import { LEAD_RATE_LIMIT } from './leads-routes';

type TestApp = ReturnType<typeof createTestApp>;
/** POST /api/leads's body, as the route declares it. */
type LeadBody = InferRequestType<ReturnType<typeof typedClient>['leads']['$post']>['json'];

const address = '12 Oak St, Austin, TX';
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };
const acceptLead = {
  kind: 'accept',
  address,
  marketValue: 200000,
  offerRange: { low: 113000, high: 128000 },
  totalRepairCost: 7000,
} satisfies LeadBody;
const negotiateLead = {
  kind: 'counter',
  address,
  marketValue: 200000,
  offerRange: { low: 120000, high: 135000 },
  desiredPrice: 120000,
  userType: 'homeowner',
} satisfies LeadBody;
const programLead = {
  kind: 'program',
  fullName: 'Ann Lee',
  phone: '512-555-0100',
  email: 'ann@example.com',
  address,
  condition: 'Good',
  timeframe: '60',
  notes: 'Call after 5pm',
  marketValue: 200000,
  desiredPrice: 180000,
} satisfies LeadBody;

const LEADS_EMAIL = 'leads@example.com';
const EMAIL_FROM = 'Cash Offer Calculator <offers@example.com>';

/**
 * Posts a lead through the typed client, from a fresh client address (so the per-address limit
 * does not touch another test) unless `headers` name one.
 */
function postLead(app: TestApp, body: LeadBody, headers: Record<string, string> = {}) {
  return typedClient(app).leads.$post({ json: body }, asBrowser(headers));
}

/** Posts a body the route's type refuses (malformed on purpose) as it is, from `ip`. */
function postRaw(app: TestApp, body: unknown, ip = freshClientAddress()) {
  return app.request('/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function postedId(response: Awaited<ReturnType<typeof postLead>>): Promise<string> {
  return (await bodyAt(response, 201)).id;
}

let resend: ResendFake;
beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_leads' });
});
afterAll(() => resend.close());
beforeEach(() => {
  resend.requests.length = 0;
  resend.emails.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describeEachDatabase('POST /api/leads', (database) => {
  const leadRow = async (id: string) => {
    const [row] = await database().db.select().from(leads).where(eq(leads.id, id));
    if (!row) throw new Error(`no lead ${id}`);
    return row;
  };
  const outboxRow = async (id: string) => {
    const [row] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw new Error(`no outbox message ${id}`);
    return row;
  };
  const notificationOf = async (leadId: string) => {
    const { notificationEmailId } = (await leadRow(leadId)).details as { notificationEmailId: string | null };
    return notificationEmailId;
  };
  const resendTransport = () => createResendTransport({ apiUrl: resend.url, apiKey: 're_leads' });
  /** Delivers everything due, as the e-mail worker would, at `at`. */
  const deliverAll = async (at = new Date()) => {
    while ((await deliverDueEmails({ db: database().db, transport: resendTransport(), now: () => at })).claimed > 0) {
      // next batch
    }
  };

  describe('without LEADS_EMAIL', () => {
    let app: TestApp;
    beforeAll(() => {
      app = createTestApp(database(), { TRUST_PROXY: '1' });
    });

    it('stores an accept made before the outside lead form, and only logs it', async () => {
      const log = captureLog();
      let id: string;
      try {
        id = await postedId(await postLead(app, acceptLead));
      } finally {
        log.restore();
      }
      expect(await leadRow(id)).toMatchObject({
        responseKind: 'accepted',
        address,
        marketValue: 200000,
        offerLow: 113000,
        offerHigh: 128000,
        desiredPrice: null,
        name: null,
        email: null,
        phone: null,
        details: { totalRepairCost: 7000, notificationEmailId: null },
      });
      expect((await leadRow(id)).createdAt).toBeInstanceOf(Date);
      expect(log.records.map((record) => record.msg)).toContain(
        `lead ${id} (accept) stored; LEADS_EMAIL is not set, so no notification e-mail was queued`,
      );
      // The log carries no personal data.
      expect(log.text()).not.toContain(address);
    });

    it('stores an accept from the own lead page with the homeowner contact and an earlier counter-offer', async () => {
      const id = await postedId(
        await postLead(app, { ...acceptLead, desiredPrice: 150000, contact: { ...contact, name: ' Ann Lee ' } }),
      );
      expect(await leadRow(id)).toMatchObject({ responseKind: 'accepted', desiredPrice: 150000, ...contact });
    });

    it('stores an accepted counter-offer', async () => {
      const id = await postedId(await postLead(app, negotiateLead));
      expect(await leadRow(id)).toMatchObject({
        responseKind: 'countered',
        address,
        marketValue: 200000,
        offerLow: 120000,
        offerHigh: 135000,
        desiredPrice: 120000,
        name: null,
        details: { userType: 'homeowner' },
      });
    });

    it("stores a wholesaler's counter-offer at any price", async () => {
      const id = await postedId(
        await postLead(app, { ...negotiateLead, desiredPrice: 190000, userType: 'wholesaler' }),
      );
      expect(await leadRow(id)).toMatchObject({
        responseKind: 'countered',
        desiredPrice: 190000,
        details: { userType: 'wholesaler' },
      });
    });

    it('stores a programme request with its form in details', async () => {
      // Ann's first answer about this home (an answer about the same home joins her lead).
      const otherHome = '14 Elm St, Austin, TX';
      const id = await postedId(await postLead(app, { ...programLead, address: otherHome }));
      expect(await leadRow(id)).toMatchObject({
        responseKind: 'program-interest',
        address: otherHome,
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: '512-555-0100',
        marketValue: 200000,
        desiredPrice: 180000,
        offerLow: null,
        details: { condition: 'Good', timeframe: '60', notes: 'Call after 5pm' },
      });
    });

    it("makes one lead per homeowner and home: a second answer joins the first, both in the lead's history", async () => {
      const home = '31 Birch Ln, Austin, TX';
      const bo = { name: 'Bo Diaz', email: 'Bo.Diaz+offers@example.com', phone: '512-555-0101' };
      const first = await postedId(
        await postLead(app, { ...programLead, fullName: bo.name, email: bo.email, phone: bo.phone, address: home }),
      );
      // The same homeowner (her address spelled otherwise) accepts the offer for the same home.
      const second = await postedId(
        await postLead(app, {
          ...acceptLead,
          address: home.toUpperCase(),
          contact: { ...bo, email: 'bo.diaz@example.com' },
        }),
      );
      expect(second).toBe(first);
      expect(await leadRow(first)).toMatchObject({
        responseKind: 'accepted',
        address: home,
        email: 'bo.diaz@example.com',
        desiredPrice: 180000,
        offerLow: 113000,
        offerHigh: 128000,
        details: { condition: 'Good', timeframe: '60', notes: 'Call after 5pm', totalRepairCost: 7000 },
      });
      const history = await database()
        .db.select({ kind: leadEvents.kind, responseKind: leadEvents.responseKind, price: leadEvents.desiredPrice })
        .from(leadEvents)
        .where(eq(leadEvents.leadId, first))
        .orderBy(leadEvents.createdAt);
      expect(history).toEqual([
        { kind: 'response', responseKind: 'program-interest', price: 180000 },
        { kind: 'response', responseKind: 'accepted', price: null },
      ]);
      const [leadsOfTheHome] = await database()
        .db.select({ count: sql<number>`count(*)::int` })
        .from(leads)
        .where(sql`lower(${leads.address}) = lower(${home})`);
      expect(leadsOfTheHome?.count).toBe(1);
    });

    it('keeps one lead when the same homeowner answers twice at once', async () => {
      const home = '47 Cedar Ct, Austin, TX';
      const cy = { name: 'Cy Moss', email: 'cy@example.com', phone: '512-555-0102' };
      const ids = await Promise.all(
        [0, 1, 2].map(async () => postedId(await postLead(app, { ...acceptLead, address: home, contact: cy }))),
      );
      expect(new Set(ids).size).toBe(1);
      const history = await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, ids[0]!));
      expect(history).toHaveLength(3);
    });

    it('keeps answers without a contact, or about another home, on leads of their own', async () => {
      const home = '58 Aspen Dr, Austin, TX';
      const di = { name: 'Di Park', email: 'di@example.com', phone: '512-555-0103' };
      const ids = [
        await postedId(await postLead(app, { ...negotiateLead, address: home })),
        await postedId(await postLead(app, { ...acceptLead, address: home, contact: di })),
        await postedId(await postLead(app, { ...acceptLead, address: `${home} Unit 2`, contact: di })),
      ];
      expect(new Set(ids).size).toBe(3);
    });

    it('queues no e-mail', async () => {
      const before = await database()
        .db.select({ count: sql<number>`count(*)::int` })
        .from(emailOutbox);
      await postedId(await postLead(app, programLead));
      const after = await database()
        .db.select({ count: sql<number>`count(*)::int` })
        .from(emailOutbox);
      expect(after[0]?.count).toBe(before[0]?.count);
    });

    it.each([
      ['an unknown kind', { ...acceptLead, kind: 'buy' }, 'Unknown lead kind', 'kind'],
      ['a list', [acceptLead], 'Invalid input: expected object, received array', undefined],
      ['a missing address', { ...acceptLead, address: '' }, 'Please enter a property address', 'address'],
      [
        'a range of text',
        { ...acceptLead, offerRange: { low: 'a', high: 1 } },
        'Invalid offer range values',
        'offerRange.low',
      ],
      [
        'a negative repair total',
        { ...acceptLead, totalRepairCost: -1 },
        'Invalid repair cost value',
        'totalRepairCost',
      ],
      [
        'a contact without phone',
        { ...acceptLead, contact: { ...contact, phone: '' } },
        'Phone number is required',
        'contact.phone',
      ],
      [
        "a homeowner's name carrying a link, which every e-mail to them would carry",
        { ...acceptLead, contact: { ...contact, name: 'Verify at evil.example/login' } },
        'Name cannot contain links, e-mail addresses or HTML',
        'contact.name',
      ],
      [
        'a malformed phone',
        { ...acceptLead, contact: { ...contact, phone: '5125550100' } },
        'Please enter a valid phone number (XXX-XXX-XXXX)',
        'contact.phone',
      ],
      [
        'a homeowner counter-offer at 90%',
        { ...negotiateLead, desiredPrice: 180000 },
        'A desired price above 82% of the market value goes through the MLS/Retail program',
        'desiredPrice',
      ],
      [
        'a programme request without timeframe',
        { ...programLead, timeframe: '' },
        'Please select a timeframe',
        'timeframe',
      ],
      [
        'a NUL character PostgreSQL cannot store',
        { ...programLead, notes: 'a\u0000b' },
        'Text cannot contain NUL characters',
        undefined,
      ],
      [
        'a programme request with a bad e-mail',
        { ...programLead, email: 'ann' },
        'Please enter a valid email address',
        'email',
      ],
    ])('refuses %s with 400 and the message', async (_name, body, error, field) => {
      const count = async () =>
        (
          await database()
            .db.select({ count: sql<number>`count(*)::int` })
            .from(leads)
        )[0]?.count;
      const before = await count();
      const response = await postRaw(app, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(field === undefined ? { error } : { error, field });
      expect(await count()).toBe(before);
    });

    it('refuses a submission from another site', async () => {
      const response = await postLead(app, negotiateLead, { origin: 'https://elsewhere.example' });
      expect(response.status).toBe(403);
    });

    it('refuses a body that is not JSON', async () => {
      const response = await postRaw(app, '{"kind":');
      expect(response.status).toBe(400);
    });

    it(`allows ${LEAD_RATE_LIMIT.limit} submissions a minute per address, then answers 429`, async () => {
      const ip = freshClientAddress();
      for (let i = 0; i < LEAD_RATE_LIMIT.limit; i++) {
        expect((await postLead(app, negotiateLead, { 'x-forwarded-for': ip })).status).toBe(201);
      }
      const count = async () =>
        (
          await database()
            .db.select({ count: sql<number>`count(*)::int` })
            .from(leads)
            .where(eq(leads.responseKind, 'countered'))
        )[0]?.count;
      const stored = await count();

      const limited = await postLead(app, negotiateLead, { 'x-forwarded-for': ip });
      expect(limited.status).toBe(429);
      // The limiter is plain middleware: its 429 is not part of the route's type.
      const refusal: unknown = await limited.json();
      expect(refusal).toHaveProperty(
        'error',
        expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
      );
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await count()).toBe(stored);

      // Invalid submissions count too, so garbage cannot be used to probe without limit.
      expect((await postRaw(app, { kind: 'nonsense' }, ip)).status).toBe(429);
      // Another address is not affected.
      expect((await postLead(app, negotiateLead)).status).toBe(201);
    });
  });

  describe('with LEADS_EMAIL', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = createTestApp(database(), {
        TRUST_PROXY: '1',
        LEADS_EMAIL,
        EMAIL_FROM,
        RESEND_API_KEY: 're_leads',
        RESEND_API_URL: resend.url,
      });
      // Leave no earlier message for these tests' deliveries.
      await database().db.update(emailOutbox).set({ status: 'sent' });
    });

    it('queues a notification for each kind with the lead, escaped, replying to the homeowner', async () => {
      for (const [body, subject] of [
        [{ ...acceptLead, contact }, 'Cash offer accepted'],
        [negotiateLead, 'Counter-offer accepted'],
        [{ ...programLead, notes: '"Roof" & porch < 5 years' }, 'MLS/Retail Program request'],
      ] as const) {
        const id = await postedId(await postLead(app, body));
        const emailId = await notificationOf(id);
        expect(emailId).toEqual(expect.any(String));
        const message = await outboxRow(emailId!);
        expect(message).toMatchObject({
          toAddress: LEADS_EMAIL,
          fromAddress: EMAIL_FROM,
          subject,
          status: 'pending',
          attempts: 0,
        });
        expect(message.html).toContain(id);
        expect(message.text).toContain(`Lead id: ${id}`);
        if (body.kind !== 'counter') expect(message.replyTo).toBe('ann@example.com');
        if (body.kind === 'program') {
          expect(message.html).toContain('&quot;Roof&quot; &amp; porch &lt; 5 years');
          expect(message.text).toContain(address);
        }
      }
      await deliverAll();
      expect(resend.emails.map((email) => email.subject).sort()).toEqual([
        'Cash offer accepted',
        'Counter-offer accepted',
        'MLS/Retail Program request',
      ]);
      expect(resend.emails.every((email) => email.to.join() === LEADS_EMAIL)).toBe(true);
    });

    it('keeps the lead when the e-mail provider fails, and sends the notification on a later attempt', async () => {
      resend.failNext({ status: 500, name: 'internal_server_error', message: 'Resend is down.' });
      const id = await postedId(await postLead(app, programLead));
      const emailId = (await notificationOf(id))!;

      const firstAttempt = new Date();
      await deliverAll(firstAttempt);
      expect(await leadRow(id)).toMatchObject({ responseKind: 'program-interest', name: 'Ann Lee' });
      expect(await outboxRow(emailId)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'Resend 500 internal_server_error: Resend is down.',
      });
      expect(resend.emails).toHaveLength(0);

      await deliverAll(new Date(firstAttempt.getTime() + emailRetryDelayMs(1) + 1000));
      expect(await outboxRow(emailId)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(resend.emails.map((email) => email.subject)).toEqual(['MLS/Retail Program request']);
    });

    it('keeps the lead and the failed message when the provider refuses it for good', async () => {
      resend.failNext({ status: 422, name: 'validation_error', message: 'Invalid `to` field.' });
      const id = await postedId(await postLead(app, negotiateLead));
      await deliverAll();
      expect(await leadRow(id)).toMatchObject({ responseKind: 'countered' });
      expect(await outboxRow((await notificationOf(id))!)).toMatchObject({
        status: 'failed',
        lastError: 'Resend 422 validation_error: Invalid `to` field.',
      });
    });

    it('answers at once even when the provider is unreachable: delivery is not part of the request', async () => {
      const unreachable = createTestApp(database(), {
        TRUST_PROXY: '1',
        LEADS_EMAIL,
        RESEND_API_KEY: 're_leads',
        RESEND_API_URL: 'http://127.0.0.1:9',
      });
      const id = await postedId(await postLead(unreachable, acceptLead));
      expect(await outboxRow((await notificationOf(id))!)).toMatchObject({ status: 'pending' });
      await deliverAll();
    });

    it('stores neither the lead nor its notification when the lead cannot be stored', async () => {
      // A trigger that refuses one address stands in for any failure after the e-mail was queued.
      await database().db.execute(sql`
        create function refuse_test_lead() returns trigger language plpgsql as $$
        begin
          if new.address = 'refuse me' then raise exception 'refused by test trigger'; end if;
          return new;
        end $$`);
      await database().db.execute(
        sql`create trigger refuse_test_lead before insert on leads for each row execute function refuse_test_lead()`,
      );
      try {
        vi.mocked(console.error).mockImplementation(() => {});
        const response = await postLead(app, { ...negotiateLead, address: 'refuse me' });
        expect(response.status).toBe(500);
        const queued = await database()
          .db.select()
          .from(emailOutbox)
          .where(sql`${emailOutbox.text} like ${'%Property address: refuse me%'}`);
        expect(queued).toEqual([]);
      } finally {
        await database().db.execute(sql`drop trigger refuse_test_lead on leads`);
        await database().db.execute(sql`drop function refuse_test_lead()`);
      }
    });
  });
});
