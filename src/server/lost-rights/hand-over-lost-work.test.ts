// Issue 37, finding 9: demoting a member, or turning "may bulk send" off, left her bulk send and
// her follow-ups going in her name, and she could no longer stop them. Her bulk sends now stop;
// the follow-ups that need a right she lost go on from the Owner, who is told and sees them.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { leeHomesProfile, markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { queueDueBulkItems, stoppedItemReasons } from '../bulk-send/queue-due-bulk-items';
import { bulkSendItems, emailOutbox, followUps, leadEvents, leads, member, tasks } from '../db/schema';
import { sendingPolicyConfig } from '../email/send-to-third-party';
import { runDueFollowUps } from '../follow-ups/run-due-follow-ups';

type Headers = Record<string, string>;
type Person = { user: { id: string; email: string }; headers: Headers };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The display name each sender's profile gives them: the name members see (issue 42 §6). */
const nameOf = (person: Person) => `Sender ${person.user.email.split('@')[0]!}`;
const homeowner = (n: number) => ({
  firstName: `Owner${n}`,
  lastName: 'Lee',
  email: `lost-${randomUUID().slice(0, 8)}@example.net`,
  address: `${n} Birch St, Austin, TX`,
  marketValue: 200000,
});

describeEachDatabase("a member's lost rights stop or hand over her work (issue 37)", (database) => {
  const { app, context } = suiteApp(database);

  const db = () => database().db;
  const profileWithAddress = (handle: string | null) => ({
    ...leeHomesProfile(handle),
    postalAddress: '3 Main St, Austin, TX 78701',
  });

  /** A verified sender with a postal address in the session's workspace. */
  async function readyToSend(person: Person) {
    await markEmailVerified(db(), person.user.id);
    const profile = { ...profileWithAddress(null), displayName: nameOf(person) };
    expect((await send(app(), 'PUT', '/api/profile', person.headers, profile)).status).toBe(200);
  }

  const queueBatch = (batchSize: number) =>
    queueDueBulkItems({
      db: db(),
      appUrl: 'https://offers.example',
      from: 'offers@example.com',
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: 1,
      batchSize,
    });
  // The outbox keeps the real clock, so the paced send times of later tests stay today's.
  const runFollowUpsAt = (at: Date) =>
    runDueFollowUps({
      db: db(),
      policy: sendingPolicyConfig(context()),
      now: at,
      batchSize: 1000,
      outboxNow: new Date(),
    });

  /**
   * A Pro workspace whose Acquisitions rep may bulk send: her bulk send of 8 with follow-ups, 3 of
   * its offers delivered, 2 handed to the outbox but not yet picked up, 3 waiting; and a lead she
   * follows up by hand.
   */
  async function repSending() {
    const owner = await signUpTestUser(app());
    await setWorkspacePlan(db(), owner.user.id, 'pro');
    await readyToSend(owner);
    const rep = await signUpTestUser(app());
    const { memberId } = await joinWorkspace(db(), {
      workspaceId: owner.user.id,
      userId: rep.user.id,
      role: 'acquisitions',
      mayBulkSendAndExport: true,
    });
    await readyToSend(rep);

    const properties = Array.from({ length: 8 }, (_, n) => homeowner(n + 1));
    const started = await send(app(), 'POST', '/api/bulk-send', rep.headers, {
      template: defaultTemplate,
      properties,
      followUp: true,
    });
    expect(started.status).toBe(201);
    const { jobId } = (await started.json()) as { jobId: string };
    await queueBatch(3);
    await db().update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.senderUserId, rep.user.id));
    await queueBatch(2);

    const shared = await send(app(), 'POST', '/api/offer-links', rep.headers, {
      from: 'calculation',
      calculation: {
        address: '12 Oak St, Austin, TX 78701',
        marketValue: 200000,
        repairs: [],
        template: defaultTemplate,
      },
    });
    expect(shared.status).toBe(201);
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    const answerer = `answer-${randomUUID().slice(0, 8)}@example.net`;
    const answered = await send(
      app(),
      'POST',
      `/api/public/offers/${token}/responses`,
      {},
      { kind: 'counter', desiredPrice: 150000, contact: { name: 'Ann Owner', email: answerer, phone: '512-555-0100' } },
    );
    expect(answered.status).toBe(201);
    const [lead] = await db().select().from(leads).where(eq(leads.workspaceId, owner.user.id));
    expect((await send(app(), 'POST', `/api/leads-inbox/${lead!.id}/follow-up`, rep.headers, {})).status).toBe(201);

    const sequences = await db().select().from(followUps).where(eq(followUps.workspaceId, owner.user.id));
    expect(sequences.filter((row) => row.status === 'active')).toHaveLength(6);
    return { owner, rep, memberId, jobId, bulkRecipients: properties.map((p) => p.email), lead: lead!, answerer };
  }

  const sendersOf = async (workspaceId: string) =>
    Object.fromEntries(
      (
        await db()
          .select({ to: followUps.recipientEmail, sender: followUps.senderUserId })
          .from(followUps)
          .where(and(eq(followUps.workspaceId, workspaceId), eq(followUps.status, 'active')))
      ).map((row) => [row.to, row.sender]),
    );
  /** Every e-mail leaving in `userId`'s name to these recipients after `since`. */
  const mailFrom = (userId: string, recipients: string[]) =>
    db()
      .select({ to: emailOutbox.toAddress, purpose: emailOutbox.purpose })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.senderUserId, userId), inArray(emailOutbox.toAddress, recipients)));

  /** Runs both workers well after the change: every remaining item, then the workspace's next follow-up steps. */
  async function runWorkers(workspaceId: string) {
    for (let batch = 0; batch < 3; batch++) await queueBatch(5);
    const started = await db()
      .select({ at: followUps.startedAt })
      .from(followUps)
      .where(eq(followUps.workspaceId, workspaceId));
    const latest = Math.max(...started.map((row) => row.at.getTime()));
    await runFollowUpsAt(new Date(latest + 3 * DAY_MS));
  }

  it('turning "may bulk send" off stops her bulk send and hands its follow-ups to the Owner; her own lead stays hers', async () => {
    const { owner, rep, memberId, jobId, bulkRecipients, answerer } = await repSending();
    const delivered = (await mailFrom(rep.user.id, bulkRecipients)).map((mail) => mail.to).sort();
    expect(delivered).toHaveLength(5);

    const changed = await send(app(), 'PATCH', `/api/workspace/members/${memberId}`, owner.headers, {
      mayBulkSendAndExport: false,
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { lostWork: unknown }).lostWork).toEqual({
      bulkSendsStopped: 1,
      emailsNotSent: 5,
      followUpsHandedOver: 3,
      handedTo: nameOf(owner),
    });

    // The Owner sees the stopped send and why; the two e-mails not yet picked up were withdrawn.
    const progress = await send(app(), 'GET', `/api/bulk-send/${jobId}`, owner.headers);
    const body = (await progress.json()) as { status: string; skipped: number; problems: { reason: string }[] };
    expect(body).toMatchObject({ status: 'cancelled', skipped: 5 });
    expect(new Set(body.problems.map((problem) => problem.reason))).toEqual(new Set([stoppedItemReasons.notAllowed]));
    const stillHers = (await mailFrom(rep.user.id, bulkRecipients)).map((mail) => mail.to).sort();
    expect(stillHers).toHaveLength(3);

    const senders = await sendersOf(owner.user.id);
    expect(Object.values(senders).filter((sender) => sender === owner.user.id)).toHaveLength(3);
    expect(senders[answerer]).toBe(rep.user.id);

    await runWorkers(owner.user.id);
    // Nothing more in her name to the bulk list; their follow-ups go from the Owner; her lead's from her.
    expect((await mailFrom(rep.user.id, bulkRecipients)).map((mail) => mail.to).sort()).toEqual(stillHers);
    expect((await mailFrom(owner.user.id, bulkRecipients)).map((mail) => [mail.to, mail.purpose]).sort()).toEqual(
      stillHers.map((to) => [to, 'follow-up']),
    );
    expect(await mailFrom(rep.user.id, [answerer])).toEqual([{ to: answerer, purpose: 'follow-up' }]);
  });

  it('a demotion to Viewer stops her bulk send and hands every follow-up to the Owner, on each lead’s history', async () => {
    const { owner, rep, memberId, jobId, bulkRecipients, lead, answerer } = await repSending();
    const changed = await send(app(), 'PATCH', `/api/workspace/members/${memberId}`, owner.headers, { role: 'viewer' });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { lostWork: unknown }).lostWork).toEqual({
      bulkSendsStopped: 1,
      emailsNotSent: 5,
      followUpsHandedOver: 4,
      handedTo: nameOf(owner),
    });
    // She cannot cancel or pause anything any more, and there is nothing of hers left to.
    expect((await send(app(), 'POST', `/api/bulk-send/${jobId}/cancel`, rep.headers)).status).toBe(403);
    expect(new Set(Object.values(await sendersOf(owner.user.id)))).toEqual(new Set([owner.user.id]));
    const history = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(history).toContainEqual(
      expect.objectContaining({
        kind: 'follow-up',
        text: `Follow-ups handed to ${nameOf(owner)}: ${nameOf(rep)} may no longer send them`,
        actorUserId: owner.user.id,
      }),
    );

    const before = await mailFrom(rep.user.id, [...bulkRecipients, answerer]);
    await runWorkers(owner.user.id);
    expect(await mailFrom(rep.user.id, [...bulkRecipients, answerer])).toEqual(before);
    expect(await mailFrom(owner.user.id, [answerer])).toEqual([{ to: answerer, purpose: 'follow-up' }]);
  });

  it('removing her stops her bulk send and hands every follow-up to the Owner: nothing more goes in her name', async () => {
    const { owner, rep, memberId, jobId, bulkRecipients, answerer } = await repSending();
    const removed = await send(app(), 'DELETE', `/api/workspace/members/${memberId}`, owner.headers, {
      leadsTo: owner.user.id,
    });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({
      leadsHandedOver: nameOf(owner),
      lostWork: { bulkSendsStopped: 1, emailsNotSent: 5, followUpsHandedOver: 4, handedTo: nameOf(owner) },
    });
    const progress = await send(app(), 'GET', `/api/bulk-send/${jobId}`, owner.headers);
    expect(await progress.json()).toMatchObject({ status: 'cancelled', skipped: 5 });
    expect(new Set(Object.values(await sendersOf(owner.user.id)))).toEqual(new Set([owner.user.id]));

    const before = await mailFrom(rep.user.id, [...bulkRecipients, answerer]);
    expect(before).toHaveLength(3);
    await runWorkers(owner.user.id);
    expect(await mailFrom(rep.user.id, [...bulkRecipients, answerer])).toEqual(before);
    expect(await mailFrom(owner.user.id, [answerer])).toEqual([{ to: answerer, purpose: 'follow-up' }]);
  });

  it('removing her hands her open tasks to the member who takes her leads; her done ones stay hers', async () => {
    const { owner, rep, memberId, lead } = await repSending();
    const addTask = async (note: string) => {
      const added = await send(app(), 'POST', '/api/tasks', owner.headers, {
        kind: 'call',
        dueAt: new Date(Date.now() + DAY_MS).toISOString(),
        assigneeUserId: rep.user.id,
        note,
        leadId: lead.id,
      });
      expect(added.status).toBe(201);
      return ((await added.json()) as { task: { id: string } }).task.id;
    };
    const open = await addTask('Call back about the roof');
    const done = await addTask('First call');
    expect((await send(app(), 'PATCH', `/api/tasks/${done}`, owner.headers, { done: true })).status).toBe(200);

    const removed = await send(app(), 'DELETE', `/api/workspace/members/${memberId}`, owner.headers, {
      leadsTo: owner.user.id,
    });
    expect(removed.status).toBe(200);
    const assignees = await db()
      .select({ id: tasks.id, assignee: tasks.assigneeUserId })
      .from(tasks)
      .where(inArray(tasks.id, [open, done]));
    expect(Object.fromEntries(assignees.map((row) => [row.id, row.assignee]))).toEqual({
      [open]: owner.user.id,
      [done]: rep.user.id,
    });
  });

  it('the workers stop what a member started while her right was being taken away', async () => {
    const { owner, rep, memberId, jobId, bulkRecipients, answerer } = await repSending();
    // As if the change committed after its hand-over looked: her rows still name her as sender.
    await db().update(member).set({ role: 'viewer' }).where(eq(member.id, memberId));
    const before = await mailFrom(rep.user.id, [...bulkRecipients, answerer]);
    await runWorkers(owner.user.id);
    expect(await mailFrom(rep.user.id, [...bulkRecipients, answerer])).toEqual(before);
    const items = await db().select().from(bulkSendItems).where(eq(bulkSendItems.jobId, jobId));
    expect(items.filter((item) => item.status === 'skipped').map((item) => item.error)).toEqual(
      Array(3).fill(stoppedItemReasons.notAllowed),
    );
    const stopped = await db()
      .select({ reason: followUps.stopReason })
      .from(followUps)
      .where(and(eq(followUps.workspaceId, owner.user.id), eq(followUps.senderUserId, rep.user.id)));
    expect(stopped.length).toBeGreaterThan(0);
    expect(new Set(stopped.map((row) => row.reason))).toEqual(new Set(['sender-cannot-send']));
  });
});
