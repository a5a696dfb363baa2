// Issue 41, prospects: every owner a bulk send reaches is a prospect of the workspace, with its
// touches (e-mailed, bounced, unsubscribed, answered, called); the same offer is not sent twice
// across sends unless a member chooses to; a member promotes a prospect to a lead after a call.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'svix';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { sameOfferSentReason } from '#domain/prospects/prospect-requests.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestContext, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser, uniqueEmail } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { queueDueBulkItems } from '../bulk-send/queue-due-bulk-items';
import { bulkSendItems, emailOutbox, leads, prospects, prospectTouches } from '../db/schema';
import { createUnsubscribeToken } from '../email/unsubscribe-token';

const WEBHOOK_SECRET = `whsec_${Buffer.from('prospects-test-signing-secret!!!').toString('base64')}`;

interface ProspectPage {
  prospects: {
    id: string;
    name: string;
    address: string;
    emails: string[];
    channels: string[];
    status: string;
    leadId: string | null;
    offerRange: { low: number; high: number } | null;
    lastTouch: { kind: string; at: string } | null;
  }[];
  nextCursor: string | null;
}

describeEachDatabase('prospects (issue 41)', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1', RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET });
    app = createApp(context);
  });
  afterAll(() => context.changeFeed.close());
  const db = () => database().db;

  /** Three owners of one list, their e-mails unique to the test. */
  const listOf = (tag: string) =>
    ['Ann', 'Bo', 'Cy'].map((firstName, n) => ({
      firstName,
      lastName: 'Lee',
      email: `${firstName.toLowerCase()}-${tag}@example.net`,
      address: `${n + 1} Oak Street, Austin, TX`,
      marketValue: 200_000 + n * 10_000,
    }));

  /** A Pro owner who may send bulk offers, and their workspace. */
  async function sender() {
    const signedIn = await signUpTestUser(app);
    await makeBulkSender(db(), signedIn.user.id);
    return { ...signedIn, workspaceId: signedIn.user.id };
  }

  const get = async <Body>(path: string, headers: Record<string, string>) => {
    const response = await sendJson(app, 'GET', path, headers);
    return { status: response.status, body: (await response.json()) as Body };
  };

  async function send(headers: Record<string, string>, properties: unknown[], extra: Record<string, unknown> = {}) {
    const response = await sendJson(app, 'POST', '/api/bulk-send', headers, {
      template: defaultTemplate,
      properties,
      ...extra,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { jobId: string }).jobId;
  }

  /** Hands every waiting item to the outbox, as the worker does. */
  async function drain() {
    for (;;) {
      const { claimed } = await queueDueBulkItems({
        db: db(),
        appUrl: 'https://offers.example',
        from: 'offers@example.com',
        serverSecret: TEST_AUTH_SECRET,
        intervalMs: 1,
        batchSize: 50,
      });
      if (claimed === 0) return;
    }
  }

  const prospectsOf = async (headers: Record<string, string>, query = '') =>
    (await get<ProspectPage>(`/api/prospects${query}`, headers)).body.prospects;

  function signedWebhook(payload: unknown) {
    const body = JSON.stringify(payload);
    const id = `msg_${randomUUID()}`;
    const at = new Date();
    return app.request('/api/email/webhook', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': new Webhook(WEBHOOK_SECRET).sign(id, at, body),
      },
    });
  }

  it('makes each owner a send reaches a prospect, e-mailed once queued, and never sends the same offer twice unless the member chooses to', async () => {
    const { headers, workspaceId } = await sender();
    const tag = randomUUID().slice(0, 8);
    const list = listOf(tag);
    const first = await send(headers, list);
    await drain();

    const reached = await prospectsOf(headers, `?sendId=${first}`);
    expect(reached.map((prospect) => [prospect.name, prospect.status, prospect.lastTouch?.kind])).toEqual([
      ['Ann Lee', 'prospect', 'e-mailed'],
      ['Bo Lee', 'prospect', 'e-mailed'],
      ['Cy Lee', 'prospect', 'e-mailed'],
    ]);
    expect(reached[0]).toMatchObject({
      emails: [list[0]!.email],
      channels: ['email'],
      offerRange: { low: expect.any(Number) },
    });

    // The same owners again (spelt otherwise), the same offers: skipped with the reason, no second prospect.
    const again = await send(
      headers,
      list.map((row) => ({
        ...row,
        firstName: row.firstName.toUpperCase(),
        address: row.address.replace('Street', 'St.'),
      })),
    );
    const progress = await get<{ skipped: number; alreadySent: number; problems: { reason: string }[] }>(
      `/api/bulk-send/${again}`,
      headers,
    );
    expect(progress.body).toMatchObject({ skipped: 3, alreadySent: 3 });
    expect(progress.body.problems.map((problem) => problem.reason)).toEqual(Array(3).fill(sameOfferSentReason));
    expect(await db().select().from(prospects).where(eq(prospects.workspaceId, workspaceId))).toHaveLength(3);

    // A new figure for one owner goes out; a member who chooses to sends the same offer again.
    const revised = await send(headers, [{ ...list[0]!, marketValue: 250_000 }]);
    const chosen = await send(headers, [list[1]!], { resendSameOffer: true });
    for (const jobId of [revised, chosen]) {
      const items = await db().select().from(bulkSendItems).where(eq(bulkSendItems.jobId, jobId));
      expect(items.map((item) => item.status)).toEqual(['pending']);
    }
    await drain();
    const summary = await get<Record<string, unknown>>(`/api/prospects/sends/${again}/summary`, headers);
    expect(summary.body).toMatchObject({ rows: 3, reached: 0, alreadySent: 3, answerRate: 0 });
  });

  it('records a bounce, an unsubscribe and an answer on the prospects, and sums up the send', async () => {
    const { headers, workspaceId } = await sender();
    const list = listOf(randomUUID().slice(0, 8));
    const jobId = await send(headers, list);
    await drain();
    const [ann, bo, cy] = await prospectsOf(headers, `?sendId=${jobId}`);

    expect((await signedWebhook({ type: 'email.bounced', data: { to: [list[0]!.email] } })).status).toBe(200);
    const token = createUnsubscribeToken(TEST_AUTH_SECRET, list[1]!.email);
    expect((await sendJson(app, 'POST', '/api/unsubscribe', {}, { token })).status).toBe(200);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, list[2]!.email));
    const offerToken = /\/offer\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const answered = await sendJson(
      app,
      'POST',
      `/api/public/offers/${offerToken}/responses`,
      {},
      {
        kind: 'accept',
        contact: { name: 'Cy Lee', email: list[2]!.email, phone: '512-555-0100' },
      },
    );
    expect(answered.status).toBe(201);

    const after = await prospectsOf(headers, `?sendId=${jobId}`);
    expect(after.map((prospect) => [prospect.id, prospect.status, prospect.lastTouch?.kind])).toEqual([
      [ann!.id, 'stopped', 'bounced'],
      [bo!.id, 'stopped', 'unsubscribed'],
      [cy!.id, 'lead', 'answered'],
    ]);
    const [lead] = await db().select().from(leads).where(eq(leads.id, after[2]!.leadId!));
    expect(lead).toMatchObject({ workspaceId, source: 'bulk-email', email: list[2]!.email });
    const detail = await get<{ touches: { kind: string; sendId: string; detail: string }[] }>(
      `/api/prospects/${cy!.id}`,
      headers,
    );
    expect(detail.body.touches.map((touch) => [touch.kind, touch.sendId])).toEqual([
      ['answered', jobId],
      ['e-mailed', jobId],
    ]);
    expect((await prospectsOf(headers, '?touch=answered&q=cy lee')).map((prospect) => prospect.id)).toEqual([cy!.id]);
    expect((await prospectsOf(headers, `?sendId=${jobId}&status=stopped`)).map((prospect) => prospect.id)).toEqual([
      ann!.id,
      bo!.id,
    ]);

    const summary = await get<Record<string, unknown>>(`/api/prospects/sends/${jobId}/summary`, headers);
    expect(summary.body).toMatchObject({
      sendId: jobId,
      rows: 3,
      reached: 3,
      emailed: 3,
      bounced: 1,
      unsubscribed: 1,
      answered: 1,
      answerRate: 0.333,
      alreadySent: 0,
    });
  });

  it('promotes a prospect to one lead after a call; a second promotion is refused, and a Viewer may read but not promote', async () => {
    const { headers, workspaceId } = await sender();
    const viewer = await signUpTestUser(app);
    await joinWorkspace(db(), { workspaceId, userId: viewer.user.id, role: 'viewer' });
    const jobId = await send(headers, listOf(randomUUID().slice(0, 8)));
    await drain();
    const [ann] = await prospectsOf(viewer.headers, `?sendId=${jobId}`);

    const refused = await sendJson(app, 'POST', `/api/prospects/${ann!.id}/promote`, viewer.headers, {
      kind: 'accept',
    });
    expect(refused.status).toBe(403);
    expect(await db().select().from(leads).where(eq(leads.workspaceId, workspaceId))).toEqual([]);

    const badPrice = await sendJson(app, 'POST', `/api/prospects/${ann!.id}/promote`, headers, { kind: 'counter' });
    expect(badPrice.status).toBe(400);
    expect(await badPrice.json()).toMatchObject({ field: 'desiredPrice' });

    const promoted = await sendJson(app, 'POST', `/api/prospects/${ann!.id}/promote`, headers, {
      kind: 'counter',
      desiredPrice: 180_000,
      note: 'Wants to close after school ends',
    });
    expect(promoted.status).toBe(201);
    const { leadId } = (await promoted.json()) as { leadId: string };
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    // Reached by a bulk e-mail: the lead comes by Bulk e-mail.
    expect(lead).toMatchObject({
      workspaceId,
      name: 'Ann Lee',
      responseKind: 'countered',
      desiredPrice: 180_000,
      source: 'bulk-email',
    });
    const [prospect] = await db().select().from(prospects).where(eq(prospects.id, ann!.id));
    expect(prospect).toMatchObject({ status: 'lead', leadId, lastTouchKind: 'called' });

    const twice = await sendJson(app, 'POST', `/api/prospects/${ann!.id}/promote`, headers, { kind: 'accept' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: 'prospect-already-lead', leadId });
    expect(await db().select().from(leads).where(eq(leads.workspaceId, workspaceId))).toHaveLength(1);
  });

  it("answers another workspace's prospects and sends as not found, with nothing changed, and refuses free and personal plans", async () => {
    const victim = await sender();
    const jobId = await send(victim.headers, listOf(randomUUID().slice(0, 8)));
    await drain();
    const [target] = await prospectsOf(victim.headers, `?sendId=${jobId}`);
    const before = {
      prospects: await db().select().from(prospects).where(eq(prospects.workspaceId, victim.workspaceId)),
      touches: await db().select().from(prospectTouches).where(eq(prospectTouches.workspaceId, victim.workspaceId)),
    };

    const attacker = await sender();
    expect((await get(`/api/prospects/${target!.id}`, attacker.headers)).status).toBe(404);
    expect((await get(`/api/prospects/sends/${jobId}/summary`, attacker.headers)).status).toBe(404);
    expect(await prospectsOf(attacker.headers, `?sendId=${jobId}`)).toEqual([]);
    const promote = await sendJson(app, 'POST', `/api/prospects/${target!.id}/promote`, attacker.headers, {
      kind: 'accept',
    });
    expect(promote.status).toBe(404);
    expect((await get('/api/prospects/not-a-uuid', attacker.headers)).status).toBe(404);

    for (const plan of ['free', 'personal'] as const) {
      await setWorkspacePlan(db(), attacker.workspaceId, plan);
      const refused = await get<{ error: string }>('/api/prospects', attacker.headers);
      expect(refused).toEqual({ status: 403, body: { error: 'Bulk import is only available with the Pro plan' } });
    }
    expect(await db().select().from(leads).where(eq(leads.workspaceId, attacker.workspaceId))).toEqual([]);
    expect({
      prospects: await db().select().from(prospects).where(eq(prospects.workspaceId, victim.workspaceId)),
      touches: await db().select().from(prospectTouches).where(eq(prospectTouches.workspaceId, victim.workspaceId)),
    }).toEqual(before);
    expect(
      await db()
        .select()
        .from(leads)
        .where(and(eq(leads.workspaceId, victim.workspaceId))),
    ).toEqual([]);
  });

  it('pages the prospects in address order with a cursor, and refuses a forged cursor', async () => {
    const { headers } = await sender();
    const many = Array.from({ length: 55 }, (_, n) => ({
      firstName: 'Owner',
      lastName: `${n}`,
      email: uniqueEmail('many'),
      address: `${String(n).padStart(3, '0')} Elm St`,
      marketValue: 150_000,
    }));
    await send(headers, many);
    const first = (await get<ProspectPage>('/api/prospects', headers)).body;
    expect(first.prospects).toHaveLength(50);
    const second = (await get<ProspectPage>(`/api/prospects?cursor=${first.nextCursor}`, headers)).body;
    expect(second).toMatchObject({ nextCursor: null });
    expect([...first.prospects, ...second.prospects].map((prospect) => prospect.address)).toEqual(
      many.map((row) => row.address),
    );
    expect((await get('/api/prospects?cursor=garbage', headers)).status).toBe(400);
    await drain();
  });
});
