// Issue 27: follow-ups that stop the moment a homeowner answers. Each sequence here is started the
// way a wholesaler starts one (a lead's "Start follow-ups"), its steps taken by the engine at a
// chosen time, and each stop provoked the way it happens: an answer, a status change, a bounce or
// a reply reported by the provider's signed webhook, an unsubscribe.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { Webhook } from 'svix';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { emailOutbox, emailUnsubscribes, followUps, followUpTouches, leadEvents, leads } from '../db/schema';
import { followUpSequences } from '../db/schema';
import { sendingPolicyConfig } from '../email/send-to-third-party';
import { unsubscribeUrl } from '../email/unsubscribe-token';
import { runDueFollowUps } from './run-due-follow-ups';

type Api = ReturnType<typeof typedClient>;
/** A workspace's own sequence, as PUT /api/follow-ups/sequence declares its body. */
type SequenceBody = InferRequestType<Api['follow-ups']['sequence']['$put']>['json'];
/** Starting follow-ups on a lead, as POST /api/leads-inbox/{id}/follow-up declares its body. */
type StartFollowUpBody = InferRequestType<Api['leads-inbox'][':id']['follow-up']['$post']>['json'];

const DAY_MS = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = `whsec_${Buffer.from('follow-ups-test-signing-secret!!').toString('base64')}`;

describeEachDatabase('follow-ups', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  let api: Api;
  beforeAll(() => {
    context = createTestContext(database(), {
      TRUST_PROXY: '1',
      RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET,
      EMAIL_FROM: 'Offers <offers@mail.example.com>',
    });
    app = createApp(context);
    api = typedClient(app);
  });
  afterAll(() => context.changeFeed.close());

  const db = () => database().db;

  /** Starts (or, with `replace`, replaces) follow-ups on a lead, as its "Start follow-ups" does. */
  const startFollowUp = (id: string, headers: Record<string, string>, json: StartFollowUpBody = {}) =>
    api['leads-inbox'][':id']['follow-up'].$post({ param: { id }, json }, asBrowser(headers));
  /** Pauses a lead's follow-ups. */
  const pauseLeadFollowUp = (id: string, headers: Record<string, string>) =>
    api['leads-inbox'][':id']['follow-up'].$delete({ param: { id } }, asBrowser(headers));
  /** Marks a follow-up task done. */
  const taskDone = (id: string, headers: Record<string, string>) =>
    api['follow-ups'].tasks[':id'].done.$post({ param: { id } }, asBrowser(headers));
  /** The member's Today list, due e-mails and per-step results. */
  const listFollowUps = (headers: Record<string, string>) => api['follow-ups'].$get({}, asBrowser(headers));

  /** Takes every step due at `at`, as the worker would then (unpaced unless `pacing` says otherwise). */
  const runAt = (at: Date, pacing?: { intervalMs: number; queueAheadMs: number }) =>
    runDueFollowUps({
      db: db(),
      policy: sendingPolicyConfig(context),
      now: at,
      batchSize: 1000,
      inboundDomain: context.env.followUpInboundDomain,
      pacing,
    });

  /** A verified wholesaler whose offer a homeowner answered (a New lead), with follow-ups started on it. */
  async function leadFollowedUp({
    address = '12 Oak St, Austin, TX 78701',
    homeowner = `owner-${randomUUID().slice(0, 8)}@example.net`,
  } = {}) {
    const wholesaler = await signUpTestUser(app);
    await markEmailVerified(db(), wholesaler.user.id);
    expect(
      (
        await api.profile.$put(
          {
            json: {
              handle: null,
              displayName: 'Lee Homes',
              company: '',
              phone: '512-555-0199',
              replyToEmail: '',
              postalAddress: '1 Main St, Austin, TX 78701',
              notifyOnLeads: false,
            },
          },
          asBrowser(wholesaler.headers),
        )
      ).status,
    ).toBe(200);
    const shared = await api['offer-links'].$post(
      {
        json: {
          from: 'calculation',
          calculation: { address, marketValue: 200000, repairs: [], template: defaultTemplate },
        },
      },
      asBrowser(wholesaler.headers),
    );
    const token = (await bodyAt(shared, 201)).url.split('/offer/')[1]!;
    const answered = await api.public.offers[':token'].responses.$post(
      {
        param: { token },
        json: {
          kind: 'counter',
          desiredPrice: 150000,
          contact: { name: 'Ann Owner', email: homeowner, phone: '512-555-0100' },
        },
      },
      asBrowser(),
    );
    expect(answered.status).toBe(201);
    const [lead] = await db().select().from(leads).where(eq(leads.workspaceId, wholesaler.user.id));
    const started = await startFollowUp(lead!.id, wholesaler.headers);
    expect(started.status).toBe(201);
    const [followUp] = await db().select().from(followUps).where(eq(followUps.leadId, lead!.id));
    return { ...wholesaler, lead: lead!, homeowner, followUp: followUp! };
  }

  /** Takes steps at `at` until none is due (a sequence takes one step per batch; overdue ones follow in the next). */
  async function catchUpAt(at: Date) {
    while ((await runAt(at)).claimed > 0) {
      // next batch
    }
  }

  const emailsTo = (address: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.purpose, 'follow-up')));
  const readFollowUp = async (id: string) => (await db().select().from(followUps).where(eq(followUps.id, id)))[0]!;
  const day = (followUp: { startedAt: Date }, days: number) => new Date(followUp.startedAt.getTime() + days * DAY_MS);

  function signed(payload: unknown, { id = `msg_${randomUUID()}`, at = new Date(), secret = WEBHOOK_SECRET } = {}) {
    const body = JSON.stringify(payload);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': new Webhook(secret).sign(id, at, body),
      },
    };
  }
  const postWebhook = ({ body, headers }: { body: string; headers: Record<string, string> }) =>
    app.request('/api/email/webhook', { method: 'POST', body, headers });

  it('sends step 2 on day 2 in the homeowner’s morning, then leaves the call task, each once', async () => {
    const { followUp, homeowner, lead } = await leadFollowedUp();
    expect(followUp.status).toBe('active');
    expect(followUp.timeZone).toBe('America/Chicago');
    // Day 2 at 10:00 in Austin (CST, UTC−6 in late November).
    expect(followUp.nextDueAt!.getUTCHours()).toBe(16);

    expect((await runAt(day(followUp, 1))).claimed).toBe(0);
    expect(await emailsTo(homeowner)).toHaveLength(0);
    expect((await runAt(day(followUp, 3))).emailed).toBe(1);
    const [email] = await emailsTo(homeowner);
    expect(email!.subject).toBe('Did you see our cash offer for 12 Oak St, Austin, TX 78701?');
    expect(email!.text).toContain('Hi Ann,');
    expect(email!.text).toContain(followUp.offerUrl);
    expect(email!.text).toContain('512-555-0199');
    expect(email!.text).toContain('Unsubscribe:');
    expect(email!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Replies reach the wholesaler and, by its token, the app.
    expect(email!.replyTo).toMatch(new RegExp(`, reply\\+${followUp.replyToken}@mail\\.example\\.com$`));

    // Run again at the same moment (a restart): nothing is sent twice.
    await runAt(day(followUp, 3));
    expect(await emailsTo(homeowner)).toHaveLength(1);
    expect((await runAt(day(followUp, 6))).tasks).toBe(1);
    const listed = await listFollowUps({ cookie: '' });
    expect(listed.status).toBe(401);
    const touches = await db().select().from(followUpTouches).where(eq(followUpTouches.followUpId, followUp.id));
    expect(touches.map((touch) => [touch.step, touch.kind]).sort()).toEqual([
      [0, 'offer'],
      [1, 'email'],
      [2, 'call'],
    ]);
    expect((await readFollowUp(followUp.id)).nextStep).toBe(3);
    expect(lead.status).toBe('new');
  });

  it('stops when the homeowner answers between two steps, and says so on the lead', async () => {
    const { followUp, homeowner, lead } = await leadFollowedUp();
    await runAt(day(followUp, 3));
    expect(await emailsTo(homeowner)).toHaveLength(1);

    const token = followUp.offerUrl.split('/offer/')[1]!;
    const answered = await api.public.offers[':token'].responses.$post(
      {
        param: { token },
        json: {
          kind: 'accept',
          contact: { name: 'Ann Owner', email: homeowner, phone: '512-555-0100' },
        },
      },
      asBrowser(),
    );
    expect(answered.status).toBe(201);
    const stopped = await readFollowUp(followUp.id);
    expect([stopped.status, stopped.stopReason, stopped.nextDueAt]).toEqual(['stopped', 'answered', null]);

    await runAt(day(followUp, 40));
    expect(await emailsTo(homeowner)).toHaveLength(1);
    const history = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(history.map((event) => event.text)).toContain('Follow-ups stopped: The homeowner answered the offer');
  });

  it('stops when the lead moves past New, and a paused sequence sends nothing', async () => {
    const first = await leadFollowedUp();
    const moved = await api['leads-inbox'][':id'].$patch(
      { param: { id: first.lead.id }, json: { status: 'contacted' } },
      asBrowser(first.headers),
    );
    expect(moved.status).toBe(200);
    expect((await readFollowUp(first.followUp.id)).stopReason).toBe('status-changed');

    const second = await leadFollowedUp();
    const paused = await pauseLeadFollowUp(second.lead.id, second.headers);
    expect(paused.status).toBe(200);
    expect((await readFollowUp(second.followUp.id)).stopReason).toBe('paused');
    await runAt(day(second.followUp, 40));
    expect(await emailsTo(first.homeowner)).toHaveLength(0);
    expect(await emailsTo(second.homeowner)).toHaveLength(0);
  });

  it('asks before starting a second sequence for the same homeowner, and replaces it when told to', async () => {
    const { lead, headers, followUp } = await leadFollowedUp();
    const again = await startFollowUp(lead.id, headers);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'follow-up-active' });
    const replaced = await startFollowUp(lead.id, headers, { replace: true });
    expect(replaced.status).toBe(201);
    expect((await readFollowUp(followUp.id)).stopReason).toBe('replaced');
    const active = await db()
      .select()
      .from(followUps)
      .where(and(eq(followUps.leadId, lead.id), eq(followUps.status, 'active')));
    expect(active).toHaveLength(1);
  });

  it('stops on a bounce reported by the signed webhook; a forged, re-signed or replayed one stops nothing', async () => {
    const { followUp, homeowner } = await leadFollowedUp();
    const bounce = { type: 'email.bounced', created_at: new Date().toISOString(), data: { to: [homeowner] } };

    const forged = signed(bounce, {
      secret: `whsec_${Buffer.from('someone-elses-secret-0123456789!').toString('base64')}`,
    });
    expect((await postWebhook(forged)).status).toBe(400);
    const tampered = signed(bounce);
    expect(
      (await postWebhook({ ...tampered, body: tampered.body.replace(homeowner, 'other@example.net') })).status,
    ).toBe(400);
    const stale = signed(bounce, { at: new Date(Date.now() - 10 * 60_000) });
    expect((await postWebhook(stale)).status).toBe(400);
    expect(
      (await postWebhook({ body: JSON.stringify(bounce), headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    expect((await readFollowUp(followUp.id)).status).toBe('active');
    expect(await db().select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, homeowner))).toHaveLength(0);

    const real = signed(bounce);
    expect((await postWebhook(real)).status).toBe(200);
    expect((await readFollowUp(followUp.id)).stopReason).toBe('bounced');
    const [suppressed] = await db()
      .select()
      .from(emailUnsubscribes)
      .where(eq(emailUnsubscribes.email, homeownerEmailKey(homeowner)));
    expect(suppressed!.reason).toBe('bounced');
    const replayed = await postWebhook(real);
    expect(await replayed.json()).toMatchObject({ outcome: 'replayed' });
    await runAt(day(followUp, 40));
    expect(await emailsTo(homeowner)).toHaveLength(0);
  });

  it('suppresses only the exact address that bounced: another workspace’s sequence to its untagged mailbox goes on; an unsubscribe still covers every tag', async () => {
    const mailbox = `ann-${randomUUID().slice(0, 8)}`;
    const plain = await leadFollowedUp({ homeowner: `${mailbox}@example.net` });
    const tagged = await leadFollowedUp({ homeowner: `${mailbox}+offers@example.net` });
    const alsoTagged = await leadFollowedUp({ homeowner: `${mailbox}+offers@example.net` });

    // The provider reports a bounce of the tagged address, as its webhook signs it.
    const bounce = signed({
      type: 'email.bounced',
      created_at: new Date().toISOString(),
      data: { to: [`Ann Owner <${mailbox.toUpperCase()}+Offers@Example.net>`] },
    });
    expect((await postWebhook(bounce)).status).toBe(200);

    expect((await readFollowUp(tagged.followUp.id)).stopReason).toBe('bounced');
    expect((await readFollowUp(alsoTagged.followUp.id)).stopReason).toBe('bounced');
    expect(await readFollowUp(plain.followUp.id)).toMatchObject({ status: 'active', stopReason: null });
    const suppressed = await db().select().from(emailUnsubscribes);
    expect(suppressed.filter((row) => row.email.startsWith(mailbox))).toEqual([
      expect.objectContaining({ email: `${mailbox}+offers@example.net`, reason: 'bounced' }),
    ]);

    // The untagged mailbox still gets its step through the sending policy; the bounced address gets nothing.
    await runAt(day(plain.followUp, 3));
    await runAt(day(tagged.followUp, 3));
    expect(await emailsTo(plain.homeowner)).toHaveLength(1);
    expect(await emailsTo(tagged.homeowner)).toHaveLength(0);
    expect(await readFollowUp(plain.followUp.id)).toMatchObject({ status: 'active', nextStep: 2 });

    // The mailbox's owner unsubscribing through a tagged address stops every spelling, as before.
    const token = new URL(
      unsubscribeUrl('http://localhost:3000', context.serverSecret, tagged.homeowner),
    ).searchParams.get('token');
    const unsubscribed = await api.unsubscribe.$post(
      { json: { token: token! } },
      asBrowser({ origin: 'http://localhost:3000' }),
    );
    expect(unsubscribed.status).toBe(200);
    expect((await readFollowUp(plain.followUp.id)).stopReason).toBe('unsubscribed');
  });

  it('stops on an inbound reply matched by its reply address, never by its subject', async () => {
    const { followUp, homeowner } = await leadFollowedUp();
    const other = await leadFollowedUp();
    await runAt(day(followUp, 3));
    const [sent] = await emailsTo(homeowner);

    // A reply with the same subject to a made-up token changes nothing.
    const wrongToken = signed({
      type: 'email.received',
      data: { from: homeowner, to: [`reply+${'0'.repeat(32)}@mail.example.com`], subject: `Re: ${sent!.subject}` },
    });
    expect((await postWebhook(wrongToken)).status).toBe(200);
    expect((await readFollowUp(followUp.id)).status).toBe('active');

    const reply = signed({
      type: 'email.received',
      data: {
        from: `Ann Owner <${homeowner}>`,
        to: [`Lee Homes <reply+${followUp.replyToken}@mail.example.com>`],
        subject: 'Re: anything',
      },
    });
    expect((await postWebhook(reply)).status).toBe(200);
    expect((await readFollowUp(followUp.id)).stopReason).toBe('replied');
    expect((await readFollowUp(other.followUp.id)).status).toBe('active');
  });

  it('stops when the homeowner unsubscribes through an e-mail’s link', async () => {
    const { followUp, homeowner } = await leadFollowedUp();
    const token = new URL(unsubscribeUrl('http://localhost:3000', context.serverSecret, homeowner)).searchParams.get(
      'token',
    );
    const unsubscribed = await api.unsubscribe.$post(
      { json: { token: token! } },
      asBrowser({ origin: 'http://localhost:3000' }),
    );
    expect(unsubscribed.status).toBe(200);
    expect((await readFollowUp(followUp.id)).stopReason).toBe('unsubscribed');
  });

  it('stops at send time when the offer expired and no later step renews it', async () => {
    const { followUp, homeowner } = await leadFollowedUp();
    // Only the day-2 e-mail and the day-5 call are left; the offer lapses on day 7.
    await db()
      .update(followUps)
      .set({ sequence: { ...followUp.sequence, steps: followUp.sequence.steps.slice(0, 3) }, nextStep: 2 })
      .where(eq(followUps.id, followUp.id));
    await runAt(day(followUp, 8));
    expect((await readFollowUp(followUp.id)).stopReason).toBe('offer-expired');
    expect(await emailsTo(homeowner)).toHaveLength(0);
  });

  it('takes each due step once when two processes run at the same moment', async () => {
    const sequences = await Promise.all([leadFollowedUp(), leadFollowedUp(), leadFollowedUp()]);
    const at = day(sequences[0]!.followUp, 3);
    await Promise.all([runAt(at), runAt(at), runAt(at)]);
    for (const { homeowner, followUp } of sequences) {
      expect(await emailsTo(homeowner)).toHaveLength(1);
      expect((await readFollowUp(followUp.id)).nextStep).toBe(2);
    }
  });

  it('paces its e-mails one interval apart, and leaves in its sequence a step whose turn is too far off', async () => {
    // The other tests' sequences are done with: the paced queue is this test's alone.
    await db().update(followUps).set({ status: 'finished' }).where(eq(followUps.status, 'active'));
    const sequences = await Promise.all([leadFollowedUp(), leadFollowedUp(), leadFollowedUp()]);
    // Later than any e-mail the other tests queued (the latest: day 40).
    const at = day(sequences[0]!.followUp, 50);
    const pacing = { intervalMs: 60_000, queueAheadMs: 90_000 };
    const first = await runAt(at, pacing);
    expect([first.emailed, first.waiting]).toEqual([2, 1]);
    const queuedAt = async () =>
      (await Promise.all(sequences.map(async ({ homeowner }) => (await emailsTo(homeowner))[0]?.nextAttemptAt)))
        .filter((time) => time !== undefined)
        .map((time) => time.getTime() - at.getTime())
        .sort((a, b) => a - b);
    expect(await queuedAt()).toEqual([0, 60_000]);
    // A minute on, the third one's turn is near enough: it goes one interval after the second.
    const next = await runAt(new Date(at.getTime() + 61_000), pacing);
    expect([next.emailed, next.waiting]).toEqual([1, 0]);
    expect(await queuedAt()).toEqual([0, 60_000, 120_000]);
  });

  it('refuses another workspace’s lead, task and sequence with nothing changed', async () => {
    const { followUp, lead } = await leadFollowedUp();
    const stranger = await signUpTestUser(app);
    await markEmailVerified(db(), stranger.user.id);
    expect((await startFollowUp(lead.id, stranger.headers, { replace: true })).status).toBe(404);
    expect((await pauseLeadFollowUp(lead.id, stranger.headers)).status).toBe(404);
    expect(
      (await api['follow-ups'][':id'].pause.$post({ param: { id: followUp.id } }, asBrowser(stranger.headers))).status,
    ).toBe(404);
    await catchUpAt(day(followUp, 6));
    const [task] = await db()
      .select()
      .from(followUpTouches)
      .where(and(eq(followUpTouches.followUpId, followUp.id), eq(followUpTouches.kind, 'call')));
    expect((await taskDone(task!.id, stranger.headers)).status).toBe(404);
    expect((await taskDone('not-a-uuid', stranger.headers)).status).toBe(404);
    const listed = await (await listFollowUps(stranger.headers)).json();
    expect(listed.tasks).toEqual([]);
    expect((await readFollowUp(followUp.id)).status).toBe('active');
    const [still] = await db().select().from(followUpTouches).where(eq(followUpTouches.id, task!.id));
    expect(still!.doneAt).toBeNull();
  });

  it('lists the call task on the owner’s Today list with the number and script, until it is done', async () => {
    const { followUp, headers } = await leadFollowedUp();
    await catchUpAt(day(followUp, 6));
    const listed = await (await listFollowUps(headers)).json();
    expect(listed.tasks).toHaveLength(1);
    expect(listed.tasks[0]).toMatchObject({ kind: 'call', phone: '512-555-0100' });
    expect(listed.tasks[0]!.script).toContain('Hi Ann, this is Lee Homes.');
    expect(listed.steps.slice(0, 3).map((step) => step.sent)).toEqual([1, 1, 1]);
    expect((await taskDone(listed.tasks[0]!.id, headers)).status).toBe(200);
    const after = await (await listFollowUps(headers)).json();
    expect(after.tasks).toEqual([]);
  });

  it('lets a Pro workspace’s manager write its own sequence, refusing other plans, other roles and links', async () => {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    const sequence = {
      name: 'Short and kind',
      steps: [
        { kind: 'email', day: 1, subject: 'About {address}', body: 'Hi {firstName}, any questions? {offerLink}' },
        { kind: 'text', day: 3, body: 'Hi {firstName}, it is {wholesalerName} about {address}.' },
      ],
    } satisfies SequenceBody;
    const put = (headers: Record<string, string>, json: SequenceBody) =>
      api['follow-ups'].sequence.$put({ json }, asBrowser(headers));
    /** A body the route's type refuses or that is hostile on purpose, sent as it is. */
    const putRaw = (headers: Record<string, string>, body: unknown) =>
      send(app, 'PUT', '/api/follow-ups/sequence', headers, body);

    const free = await put(owner.headers, sequence);
    expect(free.status).toBe(403);
    expect(await free.json()).toMatchObject({ code: 'pro-only' });
    await setWorkspacePlan(db(), workspaceId, 'pro');
    const viewer = await signUpTestUser(app);
    await joinWorkspace(db(), { workspaceId, userId: viewer.user.id, role: 'viewer' });
    expect((await api.workspace.active.$put({ json: { workspaceId } }, asBrowser(viewer.headers))).status).toBe(200);
    const byViewer = await put(viewer.headers, sequence);
    expect(byViewer.status).toBe(403);
    expect(await byViewer.json()).toMatchObject({ code: 'not-allowed' });
    for (const hostile of [
      { ...sequence, steps: [{ ...sequence.steps[0], body: 'Log in at evil.example/login' }] },
      { ...sequence, steps: [{ ...sequence.steps[0], subject: '<b>Act now</b>' }] },
      { ...sequence, steps: [sequence.steps[1], sequence.steps[0]] },
      { ...sequence, steps: [{ ...sequence.steps[0], day: 1e308 }] },
      { ...sequence, steps: Array.from({ length: 13 }, (_, i) => ({ ...sequence.steps[1], day: i + 1 })) },
      { ...sequence, steps: [] },
      'not json',
    ]) {
      expect((await putRaw(owner.headers, hostile)).status).toBe(400);
    }
    expect(await db().select().from(followUpSequences).where(eq(followUpSequences.workspaceId, workspaceId))).toEqual(
      [],
    );

    const saved = await put(owner.headers, sequence);
    expect(saved.status).toBe(200);
    const read = await (await api['follow-ups'].sequence.$get({}, asBrowser(owner.headers))).json();
    expect(read.custom).toBe(true);
    expect(read.sequence.steps.map((step) => [step.day, step.kind])).toEqual([
      [0, 'offer'],
      [1, 'email'],
      [3, 'text'],
    ]);
    const reset = await api['follow-ups'].sequence.$delete({}, asBrowser(owner.headers));
    expect((await reset.json()).custom).toBe(false);
  });

  it('starts new sequences with the workspace’s own steps; running ones keep theirs', async () => {
    const { followUp: running, headers, user, lead } = await leadFollowedUp();
    await setWorkspacePlan(db(), user.id, 'pro');
    const own = {
      name: 'One nudge',
      steps: [
        { kind: 'email', day: 1, subject: 'Still thinking about {address}?', body: 'Hi {firstName}. {offerLink}' },
      ],
    } satisfies SequenceBody;
    expect((await api['follow-ups'].sequence.$put({ json: own }, asBrowser(headers))).status).toBe(200);
    expect((await readFollowUp(running.id)).sequence.steps).toHaveLength(5);
    const replaced = await startFollowUp(lead.id, headers, { replace: true });
    expect(replaced.status).toBe(201);
    const [started] = await db()
      .select()
      .from(followUps)
      .where(and(eq(followUps.leadId, lead.id), eq(followUps.status, 'active')));
    expect(started!.sequence.name).toBe('One nudge');
    await catchUpAt(day(started!, 2));
    const sent = await emailsTo(started!.recipientEmail!);
    expect(sent.map((email) => email.subject)).toEqual(['Still thinking about 12 Oak St, Austin, TX 78701?']);
    expect((await readFollowUp(started!.id)).status).toBe('finished');
  });

  it('follows up a shared offer with the homeowner named, only for its own workspace and a sender who may send', async () => {
    const { headers, user } = await leadFollowedUp();
    const shared = await api['offer-links'].$post(
      {
        json: {
          from: 'calculation',
          calculation: {
            address: '9 Bay St, Miami, FL 33101',
            marketValue: 300000,
            repairs: [],
            template: defaultTemplate,
          },
        },
      },
      asBrowser(headers),
    );
    const { url } = await bodyAt(shared, 201);
    const token = url.split('/offer/')[1]!;
    const homeowner = `shared-${randomUUID().slice(0, 8)}@example.net`;
    type SharedFollowUp = InferRequestType<Api['offer-links']['follow-up']['$post']>['json'];
    const followUp = (who: Record<string, string>, json: SharedFollowUp) =>
      api['offer-links']['follow-up'].$post({ json }, asBrowser(who));
    /** A hostile body (a display-name list, a malformed token), sent as it is. */
    const followUpRaw = (who: Record<string, string>, body: unknown) =>
      send(app, 'POST', '/api/offer-links/follow-up', who, body);

    const stranger = await signUpTestUser(app);
    await markEmailVerified(db(), stranger.user.id);
    expect((await followUp(stranger.headers, { token, name: 'Ann', email: homeowner })).status).toBe(404);
    expect(
      (await followUpRaw(headers, { token, name: 'Ann', email: `Ann <x@evil.example>, ${homeowner}` })).status,
    ).toBe(400);
    expect((await followUpRaw(headers, { token: 'not-a-token', email: homeowner })).status).toBe(400);
    expect(await db().select().from(followUps).where(eq(followUps.recipientKey, homeowner))).toEqual([]);

    const started = await followUp(headers, { token, name: 'Ann Lee', email: homeowner });
    expect(started.status).toBe(201);
    expect((await followUp(headers, { token, name: 'Ann Lee', email: homeowner })).status).toBe(409);
    const [row] = await db().select().from(followUps).where(eq(followUps.recipientKey, homeowner));
    expect([row!.offerUrl, row!.senderUserId, row!.timeZone]).toEqual([url, user.id, 'America/New_York']);
    await catchUpAt(day(row!, 3));
    const [email] = await emailsTo(homeowner);
    expect(email!.subject).toBe('Did you see our cash offer for 9 Bay St, Miami, FL 33101?');
    expect(email!.text).toContain(url);
  });
});
