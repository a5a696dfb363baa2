// Issue 25, finding 6: anonymous answers and personal-page offers are capped per wholesaler and
// hour across every client address, so a flood from an address range cannot fill one inbox.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { emailOutbox, leadEvents, leads, offerLinks } from '../db/schema';
import { ANONYMOUS_WRITES_PER_WHOLESALER, anonymousWritesMessage } from '../rate-limit/cap-anonymous-writes';

type TestApp = ReturnType<typeof createTestApp>;
type Api = ReturnType<typeof typedClient>;
/** A homeowner's answer, as POST /api/public/offers/{token}/responses declares its body. */
type Answer = InferRequestType<Api['public']['offers'][':token']['responses']['$post']>['json'];

// A copy of the catalog: the routes' declared bodies take a mutable list.
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs: [...defaultRepairCatalog] };
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };
let nextAddress = 0;
/** A new client address for every request, as from a whole address range. */
const nextIp = () => {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
};
/** A call's options from the next client address, with the caller's headers. */
const fromNextAddress = (headers: Record<string, string> = {}) =>
  asBrowser({ ...headers, 'x-forwarded-for': nextIp() });

describeEachDatabase('anonymous answers per wholesaler', (database) => {
  let app: TestApp;
  let api: Api;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });
  const answer = (token: string, json: Answer) =>
    api.public.offers[':token'].responses.$post({ param: { token }, json }, fromNextAddress());
  const offerFromPage = (handle: string) =>
    api.public.wholesalers[':handle'].offers.$post({ param: { handle }, json: calculation }, fromNextAddress());

  /** A wholesaler with a personal page and a shared offer link: its token. */
  async function wholesaler(displayName: string) {
    const signedIn = await signUpTestUser(app);
    const handle = `cap-${randomUUID().slice(0, 8)}`;
    const saved = await api.profile.$put(
      {
        json: {
          handle,
          displayName,
          company: 'Secret Holdings',
          phone: '',
          replyToEmail: '',
          postalAddress: '',
          notifyOnLeads: true,
        },
      },
      fromNextAddress(signedIn.headers),
    );
    expect(saved.status).toBe(200);
    const shared = await api['offer-links'].$post(
      { json: { from: 'calculation', calculation: { ...calculation, template: defaultTemplate } } },
      fromNextAddress(signedIn.headers),
    );
    const token = (await bodyAt(shared, 201)).url.split('/offer/')[1]!;
    return { ...signedIn, handle, token };
  }

  const responsesOf = async (userId: string) => {
    const owned = await database().db.select({ id: leads.id }).from(leads).where(eq(leads.workspaceId, userId));
    if (owned.length === 0) return 0;
    const rows = await database()
      .db.select({ id: leadEvents.id })
      .from(leadEvents)
      .where(
        and(
          inArray(
            leadEvents.leadId,
            owned.map((lead) => lead.id),
          ),
          eq(leadEvents.kind, 'response'),
        ),
      );
    return rows.length;
  };

  /** The cap's 429 is thrown and answered by app.onError: not in the routes' types, so read as text. */
  async function expectCapRefusal(response: { status: number; text(): Promise<string> }) {
    expect(response.status).toBe(429);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: anonymousWritesMessage, code: 'rate-limited' });
    expect(body).not.toMatch(/Carla|Secret|cap-/);
  }

  it('takes a flood of answers from many addresses only up to the hourly cap, then stores nothing', async () => {
    const target = await wholesaler('Carla Cash');
    const bystander = await wholesaler('Dan Deals');
    for (let index = 0; index < ANONYMOUS_WRITES_PER_WHOLESALER.limit; index += 1) {
      const answered = await answer(target.token, { kind: 'counter', desiredPrice: 150000 + index, contact });
      expect(answered.status).toBe(201);
    }
    const outboxAtCap = (await database().db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    const floodBot = { ...contact, name: 'Flood Bot' };
    for (const body of [
      { kind: 'accept', contact: floodBot },
      { kind: 'counter', desiredPrice: 1, contact: floodBot },
    ] satisfies Answer[]) {
      await expectCapRefusal(await answer(target.token, body));
    }
    expect(await responsesOf(target.user.id)).toBe(ANONYMOUS_WRITES_PER_WHOLESALER.limit);
    const names = await database()
      .db.select({ name: leads.name })
      .from(leads)
      .where(eq(leads.workspaceId, target.user.id));
    expect(names.map((lead) => lead.name)).not.toContain('Flood Bot');
    expect((await database().db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBe(outboxAtCap);

    // Another wholesaler's homeowners are not held back by the flood.
    const other = await answer(bystander.token, { kind: 'accept', contact });
    expect(other.status).toBe(201);
    expect(await responsesOf(bystander.user.id)).toBe(1);
  });

  it('takes a flood of personal-page offers from many addresses only up to the hourly cap', async () => {
    const target = await wholesaler('Carla Cash');
    const linksOf = async () =>
      (
        await database()
          .db.select({ id: offerLinks.id })
          .from(offerLinks)
          .where(and(eq(offerLinks.userId, target.user.id), eq(offerLinks.source, 'personal-page')))
      ).length;
    let token = '';
    for (let index = 0; index < ANONYMOUS_WRITES_PER_WHOLESALER.limit; index += 1) {
      ({ token } = await bodyAt(await offerFromPage(target.handle), 201));
    }
    await expectCapRefusal(await offerFromPage(target.handle));
    expect(await linksOf()).toBe(ANONYMOUS_WRITES_PER_WHOLESALER.limit);
    // Answers to the offers already made are counted apart: their homeowners can still answer.
    const answered = await answer(token, { kind: 'accept', contact });
    expect(answered.status).toBe(201);
  });
});
