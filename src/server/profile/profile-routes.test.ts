import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { profileMessages } from '#domain/profile/wholesaler-profile-schema.ts';
import { mailedTo } from '#tests/support/outbox.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { emailOutbox, leadEvents, leads, wholesalerProfiles } from '../db/schema';

type TestApp = ReturnType<typeof createTestApp>;

const profile = (overrides: Record<string, unknown> = {}) => ({
  handle: `ann-${randomUUID().slice(0, 8)}`,
  displayName: 'Ann Lee',
  company: 'Lee Homes',
  phone: '512-555-0100',
  replyToEmail: '',
  postalAddress: '1 Main St, Austin, TX 78701',
  notifyOnLeads: true,
  ...overrides,
});

const calculation = { address: '9 Elm St, Austin, TX', marketValue: 200000, repairs: [] };

describeEachDatabase('wholesaler profile and personal page', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  it('answers an empty profile before the first save, then saves and reads it back', async () => {
    const { headers, user } = await signUpTestUser(app);
    const before = await send(app, 'GET', '/api/profile', headers);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ saved: false, accountEmail: user.email, personalPageUrl: null });

    const body = profile({ handle: 'Ann-Lee-' + randomUUID().slice(0, 4), replyToEmail: 'Deals@Example.com' });
    const saved = await send(app, 'PUT', '/api/profile', headers, body);
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as {
      profile: { handle: string; replyToEmail: string };
      personalPageUrl: string;
      personalPageBaseUrl: string;
    };
    expect(answer.profile.handle).toBe(body.handle.toLowerCase());
    expect(answer.profile.replyToEmail).toBe('deals@example.com');
    expect(answer.personalPageUrl).toBe(`http://localhost:3000/c/${body.handle.toLowerCase()}`);
    expect(answer.personalPageBaseUrl).toBe('http://localhost:3000/c/');

    const read = await send(app, 'GET', '/api/profile', headers);
    expect(await read.json()).toMatchObject({ saved: true, profile: { handle: body.handle.toLowerCase() } });
  });

  it('refuses reserved handles and a handle another user holds in any letter case', async () => {
    const first = await signUpTestUser(app);
    const second = await signUpTestUser(app);
    for (const handle of ['login', 'Saved', 'API', 'c']) {
      const response = await send(app, 'PUT', '/api/profile', first.headers, profile({ handle }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { field: string }).field).toBe('handle');
    }
    const handle = `lee-${randomUUID().slice(0, 8)}`;
    expect((await send(app, 'PUT', '/api/profile', first.headers, profile({ handle }))).status).toBe(200);
    const taken = await send(app, 'PUT', '/api/profile', second.headers, profile({ handle: handle.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: profileMessages.handleTaken, code: 'handle-taken', field: 'handle' });
    // The first user keeps it and may save again with it.
    expect((await send(app, 'PUT', '/api/profile', first.headers, profile({ handle }))).status).toBe(200);
  });

  it('gives a contested handle to exactly one of many concurrent claims', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signUpTestUser(app)));
    const handle = `race-${randomUUID().slice(0, 8)}`;
    const statuses = await Promise.all(
      users.map(async ({ headers }, index) => {
        const body = profile({ handle: index % 2 ? handle.toUpperCase() : handle });
        return (await send(app, 'PUT', '/api/profile', headers, body)).status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
  });

  it('refuses oversized, malformed and NUL-carrying profiles, and anonymous callers', async () => {
    const { headers } = await signUpTestUser(app);
    for (const body of [
      profile({ displayName: 'x'.repeat(101) }),
      // Far above the field's limit yet within the API's 64 KB body limit (above it: 413, limit-request-body.test.ts).
      profile({ postalAddress: 'x'.repeat(50_000) }),
      profile({ company: 'Lee\u0000Homes' }),
      profile({ notifyOnLeads: 'no' }),
      '{"handle":',
    ]) {
      expect((await send(app, 'PUT', '/api/profile', headers, body)).status).toBe(400);
    }
    expect((await send(app, 'GET', '/api/profile', {})).status).toBe(401);
    expect((await send(app, 'PUT', '/api/profile', {}, profile())).status).toBe(401);
  });

  it.each([
    ['displayName', 'Ann Lee - your account is locked, verify at evil.example/login', 'Display name'],
    ['company', 'Lee Homes <a href="https://evil.example/login">refund</a>', 'Company'],
    ['postalAddress', '1 Main St, Austin, TX 78701 - questions: ann@evil.example', 'Postal address'],
  ])(
    'refuses a link in %s (it signs every e-mail to a homeowner): 400 at the field, nothing stored, nothing sent',
    async (field, text, label) => {
      const { headers, user } = await signUpTestUser(app);
      await markEmailVerified(database().db, user.id);
      const saved = profile();
      expect((await send(app, 'PUT', '/api/profile', headers, saved)).status).toBe(200);
      const [before] = await database()
        .db.select()
        .from(wholesalerProfiles)
        .where(eq(wholesalerProfiles.userId, user.id));

      const refused = await send(app, 'PUT', '/api/profile', headers, profile({ handle: saved.handle, [field]: text }));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: sendingPolicyMessages.linkOrMarkup(label), field });
      const [after] = await database()
        .db.select()
        .from(wholesalerProfiles)
        .where(eq(wholesalerProfiles.userId, user.id));
      expect(after).toEqual(before);
      expect(await database().db.select().from(emailOutbox).where(eq(emailOutbox.senderUserId, user.id))).toEqual([]);
    },
  );

  it('serves a personal page by handle in any letter case; unknown and reserved handles are 404', async () => {
    const { headers } = await signUpTestUser(app);
    const body = profile();
    await send(app, 'PUT', '/api/profile', headers, body);
    const page = await send(app, 'GET', `/api/public/wholesalers/${body.handle.toUpperCase()}`, {});
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({
      handle: body.handle,
      displayName: 'Ann Lee',
      company: 'Lee Homes',
      phone: '512-555-0100',
      // What the workspace shows homeowners (issue 42 §7): today's whole math, by default.
      homeownerView: { detail: 'whole-math', netSheet: true },
    });
    for (const unknown of ['nobody-here', 'login', '%00', 'x'.repeat(300)]) {
      const response = await send(app, 'GET', `/api/public/wholesalers/${unknown}`, {});
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Page not found', code: 'wholesaler-not-found' });
    }
  });

  /** A visitor of `/c/{handle}` answers the offer they calculated there; the answer's response. */
  async function answerOnPersonalPage(target: TestApp, handle: string, answer: Record<string, unknown>) {
    const created = await send(target, 'POST', `/api/public/wholesalers/${handle}/offers`, {}, calculation);
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    return send(target, 'POST', `/api/public/offers/${token}/responses`, {}, answer);
  }

  it('gives answers on a personal page to that wholesaler and e-mails them, not LEADS_EMAIL', async () => {
    const appWithLeadsEmail = createTestApp(database(), { TRUST_PROXY: '1', LEADS_EMAIL: 'operator@example.com' });
    const { headers, user } = await signUpTestUser(appWithLeadsEmail);
    await markEmailVerified(database().db, user.id);
    const body = profile();
    await send(appWithLeadsEmail, 'PUT', '/api/profile', headers, body);
    const response = await answerOnPersonalPage(appWithLeadsEmail, body.handle.toUpperCase(), {
      kind: 'program',
      fullName: 'Bo Diaz',
      phone: '512-555-0101',
      email: 'bo@example.com',
      condition: 'Good',
      timeframe: '30',
      notes: '',
    });
    expect(response.status).toBe(201);
    const [row] = await database().db.select().from(leads).where(eq(leads.workspaceId, user.id));
    expect(row).toMatchObject({ source: 'personal-page', status: 'new', responseKind: 'program-interest' });
    // In the history's order (by time): a plain select's order is the table's, which nothing promises.
    const events = await database()
      .db.select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, row!.id))
      .orderBy(leadEvents.createdAt);
    expect(events.map((event) => event.kind)).toEqual(['offer', 'response', 'assignment']);
    const mails = await database().db.select().from(emailOutbox).where(mailedTo(user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New lead: MLS/Retail program interest');
    expect(
      await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'operator@example.com')),
    ).toEqual([]);

    // An unknown handle makes no offer.
    const unknown = await send(
      appWithLeadsEmail,
      'POST',
      '/api/public/wholesalers/nobody-here/offers',
      {},
      calculation,
    );
    expect(unknown.status).toBe(404);
  });

  it('does not e-mail a wholesaler who turned lead notifications off', async () => {
    const { headers, user } = await signUpTestUser(app);
    const body = profile({ notifyOnLeads: false });
    await send(app, 'PUT', '/api/profile', headers, body);
    const response = await answerOnPersonalPage(app, body.handle, {
      kind: 'counter',
      desiredPrice: 140000,
      contact: { name: 'Bo Diaz', email: 'bo@example.com', phone: '512-555-0101' },
    });
    expect(response.status).toBe(201);
    const [row] = await database().db.select().from(leads).where(eq(leads.workspaceId, user.id));
    expect(row).toMatchObject({ responseKind: 'countered', desiredPrice: 140000 });
    expect(await database().db.select().from(emailOutbox).where(mailedTo(user.email))).toEqual([]);
    expect(
      await database().db.select().from(wholesalerProfiles).where(eq(wholesalerProfiles.userId, user.id)),
    ).toHaveLength(1);
  });
});
