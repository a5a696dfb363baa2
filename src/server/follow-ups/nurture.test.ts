// Issue 42 §3: long-term nurture. A lead that countered is put on a nurture from its page; the
// engine runs it over months on the follow-ups' clock, each step re-stating an offer recomputed from
// the lead's figures at that moment, past New, until the homeowner answers or the deal is under
// contract. A Dead lead goes on the quarterly one. Pro workspaces write their own of each kind.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deadQuarterlyFollowUpSequence, nurtureFollowUpSequence } from '#domain/follow-ups/built-in-sequences.ts';
import { formatMoneyRange } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { computeOfferRange } from '#domain/offer/compute-offer-range.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { emailOutbox, followUps, followUpSequences, leadEvents, leads, offerLinks } from '../db/schema';
import { sendingPolicyConfig } from '../email/send-to-third-party';
import { unsubscribeUrl } from '../email/unsubscribe-token';
import { restateFreshOffer } from '../leads-inbox/restate-fresh-offer';
import { runDueFollowUps } from './run-due-follow-ups';

type Api = ReturnType<typeof typedClient>;
type StartFollowUpBody = InferRequestType<Api['leads-inbox'][':id']['follow-up']['$post']>['json'];
type SequenceBody = InferRequestType<Api['follow-ups']['sequences'][':kind']['$put']>['json'];

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('nurture follow-ups', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  let api: Api;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1', EMAIL_FROM: 'Offers <offers@mail.example.com>' });
    app = createApp(context);
    api = typedClient(app);
  });
  afterAll(() => context.changeFeed.close());

  const db = () => database().db;

  const startFollowUp = (id: string, headers: Record<string, string>, json: StartFollowUpBody) =>
    api['leads-inbox'][':id']['follow-up'].$post({ param: { id }, json }, asBrowser(headers));
  const moveLead = (id: string, headers: Record<string, string>, status: 'contacted' | 'negotiating' | 'dead') =>
    api['leads-inbox'][':id'].$patch({ param: { id }, json: { status } }, asBrowser(headers));

  /** Takes every step due at `at`, as the worker would (one step per sequence a pass: repeated until none is due). */
  async function catchUpAt(at: Date) {
    const run = () =>
      runDueFollowUps({
        db: db(),
        policy: sendingPolicyConfig(context),
        now: at,
        batchSize: 1000,
        restateOffer: restateFreshOffer,
      });
    while ((await run()).claimed > 0) {
      // the next batch
    }
  }

  /** A verified wholesaler whose shared offer (market value $200,000, Standard Wholesale) a homeowner countered. */
  async function counteredLead() {
    const wholesaler = await signUpTestUser(app);
    await markEmailVerified(db(), wholesaler.user.id);
    const profile = await api.profile.$put(
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
    );
    expect(profile.status).toBe(200);
    const shared = await api['offer-links'].$post(
      {
        json: {
          from: 'calculation',
          calculation: {
            address: '12 Oak St, Austin, TX 78701',
            marketValue: 200000,
            repairs: [],
            template: defaultTemplate,
          },
        },
      },
      asBrowser(wholesaler.headers),
    );
    const token = (await bodyAt(shared, 201)).url.split('/offer/')[1]!;
    const homeowner = `owner-${randomUUID().slice(0, 8)}@example.net`;
    const countered = await api.public.offers[':token'].responses.$post(
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
    expect(countered.status).toBe(201);
    const [lead] = await db().select().from(leads).where(eq(leads.workspaceId, wholesaler.user.id));
    return { ...wholesaler, lead: lead!, homeowner };
  }

  const activeFollowUp = async (leadId: string) =>
    (
      await db()
        .select()
        .from(followUps)
        .where(and(eq(followUps.leadId, leadId), eq(followUps.status, 'active')))
    )[0];
  const latestFollowUp = async (leadId: string) =>
    (await db().select().from(followUps).where(eq(followUps.leadId, leadId)).orderBy(asc(followUps.createdAt))).at(-1)!;
  const emailsTo = (address: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.purpose, 'follow-up')))
      .orderBy(asc(emailOutbox.createdAt));
  const day = (start: Date, days: number) => new Date(start.getTime() + days * DAY_MS);
  /** What Standard Wholesale offers at a market value, with no repairs: the figure a step must re-state. */
  const offerAt = (marketValue: number) =>
    computeOfferRange({ marketValue, totalRepairCost: 0, template: defaultTemplate });

  it('runs a countered lead’s nurture over months past New, each step re-stating a fresh offer, until the homeowner answers', async () => {
    const { lead, headers, homeowner } = await counteredLead();
    expect((await moveLead(lead.id, headers, 'negotiating')).status).toBe(200);
    // The walkthrough found the house worth more: the lead's figures change before the nurture starts.
    await db().update(leads).set({ marketValue: 240000 }).where(eq(leads.id, lead.id));

    const started = await startFollowUp(lead.id, headers, { sequence: 'nurture' });
    expect(started.status).toBe(201);
    const followUp = (await activeFollowUp(lead.id))!;
    expect(followUp.sequence.kind).toBe('nurture');
    expect(followUp.sequence.steps.at(-1)!.day).toBeGreaterThanOrEqual(180);
    const [firstOffer] = await db().select().from(offerLinks).where(eq(offerLinks.id, followUp.offerLinkId));
    expect([firstOffer!.offerLow, firstOffer!.offerHigh]).toEqual([offerAt(240000).low, offerAt(240000).high]);
    expect(firstOffer!.revisesLeadId).toBe(lead.id);

    // Day 21: the first e-mail, with the offer recomputed then and a new link.
    await db().update(leads).set({ marketValue: 250000 }).where(eq(leads.id, lead.id));
    await catchUpAt(day(followUp.startedAt, 22));
    const [first] = await emailsTo(homeowner);
    expect(first!.text).toContain(formatMoneyRange(offerAt(250000)));
    const afterFirst = (await activeFollowUp(lead.id))!;
    expect(afterFirst.offerUrl).not.toBe(followUp.offerUrl);
    expect(first!.text).toContain(afterFirst.offerUrl);
    const [leadNow] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect([leadNow!.offerLow, leadNow!.offerHigh, leadNow!.status]).toEqual([
      offerAt(250000).low,
      offerAt(250000).high,
      'negotiating',
    ]);

    // Day 45: a call task whose script states the offer of that day.
    await db().update(leads).set({ marketValue: 230000 }).where(eq(leads.id, lead.id));
    await catchUpAt(day(followUp.startedAt, 46));
    const today = await (await api['follow-ups'].$get({}, asBrowser(headers))).json();
    const task = today.tasks.find((listed) => listed.leadId === lead.id);
    expect(task).toMatchObject({ kind: 'call', phone: '512-555-0100' });
    expect(task!.script).toContain(formatMoneyRange(offerAt(230000)));
    // The first offer's per-step results count only first-offer sequences: this workspace has none.
    expect(today.steps.filter((step) => step.sent > 0)).toEqual([]);

    // Day 75: another e-mail; months later the sequence still runs.
    await catchUpAt(day(followUp.startedAt, 76));
    const sent = await emailsTo(homeowner);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).toContain(formatMoneyRange(offerAt(230000)));
    expect((await activeFollowUp(lead.id))?.id).toBe(followUp.id);
    const history = await db()
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(asc(leadEvents.createdAt));
    // Each e-mailed offer is on the lead's history as a revised offer is; a task's is only the sequence's.
    expect(history.filter((event) => event.kind === 'revised-offer').map((event) => event.offerLow)).toEqual([
      offerAt(250000).low,
      offerAt(230000).low,
    ]);

    // The homeowner answers the latest offer: the nurture stops, and nothing more is sent.
    const latestToken = (await activeFollowUp(lead.id))!.offerUrl.split('/offer/')[1]!;
    const answered = await api.public.offers[':token'].responses.$post(
      {
        param: { token: latestToken },
        json: { kind: 'accept', contact: { name: 'Ann Owner', email: homeowner, phone: '512-555-0100' } },
      },
      asBrowser(),
    );
    expect(answered.status).toBe(201);
    const stopped = await latestFollowUp(lead.id);
    expect([stopped.status, stopped.stopReason]).toEqual(['stopped', 'answered']);
    await catchUpAt(day(followUp.startedAt, 400));
    expect(await emailsTo(homeowner)).toHaveLength(2);
  });

  it('keeps a nurture when the lead moves along, stops the first offer’s, and stops the nurture when the homeowner unsubscribes', async () => {
    const { lead, headers, homeowner } = await counteredLead();
    expect((await startFollowUp(lead.id, headers, { sequence: 'first-offer' })).status).toBe(201);
    // The first offer's sequence is running: a nurture replaces it only when told to.
    const asked = await startFollowUp(lead.id, headers, { sequence: 'nurture' });
    expect(asked.status).toBe(409);
    expect(await asked.json()).toMatchObject({ code: 'follow-up-active' });
    expect((await startFollowUp(lead.id, headers, { sequence: 'nurture', replace: true })).status).toBe(201);
    expect((await moveLead(lead.id, headers, 'contacted')).status).toBe(200);
    const nurture = (await activeFollowUp(lead.id))!;
    expect(nurture.sequence.kind).toBe('nurture');

    const { searchParams } = new URL(unsubscribeUrl('http://localhost:3000', context.serverSecret, homeowner));
    const unsubscribed = await api.unsubscribe.$post(
      { json: { token: searchParams.get('token')! } },
      asBrowser({ origin: 'http://localhost:3000' }),
    );
    expect(unsubscribed.status).toBe(200);
    expect((await latestFollowUp(lead.id)).stopReason).toBe('unsubscribed');
    await catchUpAt(day(nurture.startedAt, 100));
    expect(await emailsTo(homeowner)).toHaveLength(0);
  });

  it('stops a nurture when the lead goes under contract, or is found closed when a step falls due', async () => {
    const contracted = await counteredLead();
    expect((await startFollowUp(contracted.lead.id, contracted.headers, { sequence: 'nurture' })).status).toBe(201);
    const moved = await api['leads-inbox'][':id'].$patch(
      {
        param: { id: contracted.lead.id },
        json: { status: 'under-contract', contract: { contractPrice: 150000, contractDate: '2026-12-01' } },
      },
      asBrowser(contracted.headers),
    );
    expect(moved.status).toBe(200);
    const stopped = await latestFollowUp(contracted.lead.id);
    expect([stopped.status, stopped.stopReason]).toEqual(['stopped', 'under-contract']);
    const history = await db().select().from(leadEvents).where(eq(leadEvents.leadId, contracted.lead.id));
    expect(history.map((event) => event.text)).toContain('Follow-ups stopped: The lead went under contract or closed');

    // Closed by a path that stops nothing itself: the engine stops it at the next step, sending nothing.
    const closed = await counteredLead();
    expect((await startFollowUp(closed.lead.id, closed.headers, { sequence: 'nurture' })).status).toBe(201);
    const running = (await activeFollowUp(closed.lead.id))!;
    await db().update(leads).set({ status: 'closed' }).where(eq(leads.id, closed.lead.id));
    await catchUpAt(day(running.startedAt, 22));
    expect((await latestFollowUp(closed.lead.id)).stopReason).toBe('under-contract');
    expect(await emailsTo(closed.homeowner)).toHaveLength(0);
    expect(await emailsTo(contracted.homeowner)).toHaveLength(0);
  });

  it('puts a Dead lead on the quarterly sequence, a fresh offer each quarter; refuses each kind at the wrong status', async () => {
    const { lead, headers, homeowner } = await counteredLead();
    const early = await startFollowUp(lead.id, headers, { sequence: 'dead-quarterly' });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'lead-status-not-for-sequence' });
    expect((await moveLead(lead.id, headers, 'dead')).status).toBe(200);
    const nurture = await startFollowUp(lead.id, headers, { sequence: 'nurture' });
    expect(nurture.status).toBe(409);
    expect(await nurture.json()).toMatchObject({ code: 'lead-status-not-for-sequence' });
    expect(await activeFollowUp(lead.id)).toBeUndefined();

    expect((await startFollowUp(lead.id, headers, { sequence: 'dead-quarterly' })).status).toBe(201);
    const quarterly = (await activeFollowUp(lead.id))!;
    expect(quarterly.sequence.steps.map((step) => step.day)).toEqual(
      deadQuarterlyFollowUpSequence.steps.map((step) => step.day),
    );
    await catchUpAt(day(quarterly.startedAt, 89));
    expect(await emailsTo(homeowner)).toHaveLength(0);
    await catchUpAt(day(quarterly.startedAt, 91));
    await db().update(leads).set({ marketValue: 210000 }).where(eq(leads.id, lead.id));
    await catchUpAt(day(quarterly.startedAt, 181));
    const sent = await emailsTo(homeowner);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain(formatMoneyRange(offerAt(200000)));
    expect(sent[1]!.text).toContain(formatMoneyRange(offerAt(210000)));
    expect((await activeFollowUp(lead.id))?.id).toBe(quarterly.id);
  });

  it('refuses another workspace’s lead, a Viewer, and an unknown sequence, with nothing started', async () => {
    const { lead, headers, user } = await counteredLead();
    const stranger = await signUpTestUser(app);
    await markEmailVerified(db(), stranger.user.id);
    expect((await startFollowUp(lead.id, stranger.headers, { sequence: 'nurture', replace: true })).status).toBe(404);
    const viewer = await signUpTestUser(app);
    await joinWorkspace(db(), { workspaceId: user.id, userId: viewer.user.id, role: 'viewer' });
    expect(
      (await api.workspace.active.$put({ json: { workspaceId: user.id } }, asBrowser(viewer.headers))).status,
    ).toBe(200);
    expect((await startFollowUp(lead.id, viewer.headers, { sequence: 'nurture' })).status).toBe(403);
    const unknown = await send(app, 'POST', `/api/leads-inbox/${lead.id}/follow-up`, headers, { sequence: 'forever' });
    expect(unknown.status).toBe(400);
    expect(await db().select().from(followUps).where(eq(followUps.leadId, lead.id))).toEqual([]);
    const [unchanged] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect([unchanged!.offerLow, unchanged!.offerHigh]).toEqual([lead.offerLow, lead.offerHigh]);
  });

  it('lets an Owner or Manager of a Pro workspace write each named sequence; others read the built-ins', async () => {
    const { lead, headers, user } = await counteredLead();
    const workspaceId = user.id;
    const own = {
      name: 'Quarterly check-in',
      steps: [
        {
          kind: 'email',
          day: 30,
          subject: 'About {address}',
          body: 'Hi {firstName}, our offer today: {offerRange}. {offerLink}',
        },
        { kind: 'call', day: 60, body: 'Call {firstName} about {offerRange}' },
      ],
    } satisfies SequenceBody;
    const put = (who: Record<string, string>, kind: string, body: unknown) =>
      send(app, 'PUT', `/api/follow-ups/sequences/${kind}`, who, body);

    // Every plan reads the three built-ins.
    const read = await (await api['follow-ups'].sequences.$get({}, asBrowser(headers))).json();
    expect(read.sequences.map((entry) => [entry.kind, entry.custom, entry.sequence.name])).toEqual([
      ['first-offer', false, 'Cash offer follow-up'],
      ['nurture', false, nurtureFollowUpSequence.name],
      ['dead-quarterly', false, deadQuarterlyFollowUpSequence.name],
    ]);
    const free = await put(headers, 'nurture', own);
    expect(free.status).toBe(403);
    expect(await free.json()).toMatchObject({ code: 'pro-only' });

    await setWorkspacePlan(db(), workspaceId, 'pro');
    for (const role of ['viewer', 'acquisitions', 'dispositions'] as const) {
      const member = await signUpTestUser(app);
      await joinWorkspace(db(), { workspaceId, userId: member.user.id, role });
      await api.workspace.active.$put({ json: { workspaceId } }, asBrowser(member.headers));
      const refused = await put(member.headers, 'nurture', own);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'not-allowed' });
    }
    for (const hostile of [
      { ...own, steps: [{ ...own.steps[0], body: 'Log in at evil.example/login' }] },
      { ...own, steps: [{ ...own.steps[0], subject: '<b>Act now</b>' }] },
      { ...own, steps: [own.steps[1], own.steps[0]] },
      { ...own, steps: [{ ...own.steps[0], day: 400 }] },
      { ...own, steps: Array.from({ length: 13 }, (_, i) => ({ ...own.steps[1], day: i + 1 })) },
      { ...own, steps: [{ ...own.steps[0], body: 'x'.repeat(2001) }] },
      { ...own, name: '' },
      'not json',
    ]) {
      expect((await put(headers, 'nurture', hostile)).status).toBe(400);
    }
    expect((await put(headers, 'forever', own)).status).toBe(400);
    expect(await db().select().from(followUpSequences).where(eq(followUpSequences.workspaceId, workspaceId))).toEqual(
      [],
    );

    const manager = await signUpTestUser(app);
    await joinWorkspace(db(), { workspaceId, userId: manager.user.id, role: 'manager' });
    await api.workspace.active.$put({ json: { workspaceId } }, asBrowser(manager.headers));
    expect((await put(manager.headers, 'nurture', own)).status).toBe(200);
    const after = await (await api['follow-ups'].sequences.$get({}, asBrowser(headers))).json();
    expect(after.sequences.map((entry) => [entry.kind, entry.custom])).toEqual([
      ['first-offer', false],
      ['nurture', true],
      ['dead-quarterly', false],
    ]);

    // The workspace's own nurture is the one a lead starts, and its steps re-state fresh offers too.
    expect((await startFollowUp(lead.id, headers, { sequence: 'nurture' })).status).toBe(201);
    const started = (await activeFollowUp(lead.id))!;
    expect([started.sequence.name, started.sequence.kind]).toEqual(['Quarterly check-in', 'nurture']);
    await db().update(leads).set({ marketValue: 260000 }).where(eq(leads.id, lead.id));
    await catchUpAt(day(started.startedAt, 31));
    const [sent] = await emailsTo(started.recipientEmail!);
    expect(sent!.subject).toBe('About 12 Oak St, Austin, TX 78701');
    expect(sent!.text).toContain(formatMoneyRange(offerAt(260000)));

    const reset = await send(app, 'DELETE', '/api/follow-ups/sequences/nurture', manager.headers);
    expect(reset.status).toBe(200);
    expect(await db().select().from(followUpSequences).where(eq(followUpSequences.workspaceId, workspaceId))).toEqual(
      [],
    );
  });
});
