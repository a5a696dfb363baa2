import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import type { WorkspaceRole } from '#domain/workspaces/roles.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';
import { emailOutbox, leads, member as memberTable, tasks } from '../db/schema';
import type { TaskView } from './task-view';

type SignedIn = Awaited<ReturnType<typeof signUpTestUser>>;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describeEachDatabase('tasks on leads, and each member’s day (issue 42)', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  async function workspaceWith(role: WorkspaceRole, switches: { seesAllLeads?: boolean } = {}) {
    const owner = await signUpTestUser(app);
    const member = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: member.user.id, role, ...switches });
    return { owner, member, workspaceId: owner.user.id };
  }

  async function insertLead(workspaceId: string, assigneeUserId: string | null) {
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        assigneeUserId,
        source: 'shared-link',
        address: `${randomUUID().slice(0, 4)} Oak St, Austin, TX`,
        name: 'Ann Lee',
        email: `ann-${randomUUID().slice(0, 6)}@example.com`,
        phone: '(512) 555-0100',
        responseKind: 'countered',
      })
      .returning();
    return lead!;
  }

  const createTask = async (who: SignedIn, body: unknown) => send(app, 'POST', '/api/tasks', who.headers, body);
  const taskRows = (leadId: string) =>
    database().db.select().from(tasks).where(eq(tasks.leadId, leadId)).orderBy(asc(tasks.createdAt));
  const myDay = async (who: SignedIn, timeZone = 'America/Chicago') =>
    (await (await send(app, 'GET', `/api/tasks?timeZone=${encodeURIComponent(timeZone)}`, who.headers)).json()) as {
      today: TaskView[];
      upcoming: TaskView[];
      todayTotal: number;
    };

  it('adds tasks on a lead for oneself or a teammate, lists each member’s overdue, today and upcoming ones, edits, completes, reopens and deletes', async () => {
    const { owner, member: rep, workspaceId } = await workspaceWith('acquisitions');
    const lead = await insertLead(workspaceId, rep.user.id);
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();

    const overdue = await createTask(rep, {
      kind: 'call',
      dueAt: at(-2 * DAY_MS),
      note: 'Ask about the roof',
      leadId: lead.id,
    });
    expect(overdue.status).toBe(201);
    const soon = await createTask(rep, { kind: 'text', dueAt: at(-HOUR_MS), leadId: lead.id });
    const later = await createTask(rep, { kind: 'meeting', dueAt: at(5 * DAY_MS), leadId: lead.id });
    const forOwner = await createTask(rep, {
      kind: 'mail',
      dueAt: at(-HOUR_MS),
      leadId: lead.id,
      assigneeUserId: owner.user.id,
    });
    expect(forOwner.status).toBe(201);
    const [overdueTask, soonTask, laterTask] = await Promise.all(
      [overdue, soon, later].map(async (response) => ((await response.json()) as { task: TaskView }).task),
    );
    expect(overdueTask).toMatchObject({
      kind: 'call',
      note: 'Ask about the roof',
      doneAt: null,
      assignee: { userId: rep.user.id },
      lead: { id: lead.id, name: 'Ann Lee', phone: '(512) 555-0100' },
    });

    const day = await myDay(rep);
    expect(day.today.map((task) => task.id)).toEqual([overdueTask!.id, soonTask!.id]);
    expect(day.upcoming.map((task) => task.id)).toEqual([laterTask!.id]);
    expect(day.todayTotal).toBe(2);
    expect((await myDay(owner)).today.map((task) => task.kind)).toEqual(['mail']);

    const moved = await send(app, 'PATCH', `/api/tasks/${laterTask!.id}`, rep.headers, {
      dueAt: at(-30 * 60 * 1000),
      note: 'Walkthrough',
    });
    expect(moved.status).toBe(200);
    expect((await myDay(rep)).today.map((task) => task.id)).toEqual([overdueTask!.id, soonTask!.id, laterTask!.id]);

    const done = await send(app, 'PATCH', `/api/tasks/${overdueTask!.id}`, rep.headers, { done: true });
    expect(((await done.json()) as { task: TaskView }).task.doneAt).not.toBeNull();
    expect((await myDay(rep)).today.map((task) => task.id)).toEqual([soonTask!.id, laterTask!.id]);
    await send(app, 'PATCH', `/api/tasks/${overdueTask!.id}`, rep.headers, { done: false });
    expect((await myDay(rep)).today.map((task) => task.id)).toContain(overdueTask!.id);

    expect((await send(app, 'DELETE', `/api/tasks/${soonTask!.id}`, rep.headers)).status).toBe(200);
    const onLead = (await (await send(app, 'GET', `/api/tasks?leadId=${lead.id}`, owner.headers)).json()) as {
      tasks: TaskView[];
    };
    expect(onLead.tasks.map((task) => task.kind).sort()).toEqual(['call', 'mail', 'meeting']);
  });

  it('e-mails a member given a task or a lead by a teammate only when her profile asks for it, never for her own', async () => {
    const { owner, member: rep, workspaceId } = await workspaceWith('acquisitions');
    const quiet = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId, userId: quiet.user.id, role: 'acquisitions' });
    await markEmailVerified(database().db, rep.user.id);
    const profile = {
      handle: null,
      displayName: 'Rep One',
      company: '',
      phone: '',
      replyToEmail: '',
      postalAddress: '',
      notifyOnLeads: true,
      notifyOnAssignments: true,
    };
    expect((await send(app, 'PUT', '/api/profile', rep.headers, profile)).status).toBe(200);
    const lead = await insertLead(workspaceId, owner.user.id);
    // What a homeowner typed reaches the notice only as the sending policy shows typed text.
    await database()
      .db.update(leads)
      .set({ name: 'Ann <a href="https://evil.example">Lee</a>' })
      .where(eq(leads.id, lead.id));
    const noticesTo = (address: string) =>
      database()
        .db.select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, address))
        .then((rows) => rows.filter((row) => row.purpose === 'assignment-notification'));
    const dueAt = new Date(Date.now() + DAY_MS).toISOString();

    await createTask(owner, { kind: 'meeting', dueAt, leadId: lead.id, assigneeUserId: rep.user.id });
    await createTask(rep, { kind: 'call', dueAt, leadId: lead.id });
    await createTask(owner, { kind: 'call', dueAt, leadId: lead.id, assigneeUserId: quiet.user.id });
    const given = await send(app, 'PUT', `/api/leads-inbox/${lead.id}/assignee`, owner.headers, {
      userId: rep.user.id,
    });
    expect(given.status).toBe(200);

    const notices = await noticesTo(rep.user.email);
    expect(notices.map((notice) => notice.subject).sort()).toEqual([
      'A lead was assigned to you',
      'A task was assigned to you',
    ]);
    const taskNotice = notices.find((notice) => notice.subject === 'A task was assigned to you');
    expect(taskNotice?.text).toContain(`/leads/${lead.id}`);
    expect(taskNotice?.text).toContain(sendingPolicyMessages.withheld);
    expect(`${taskNotice?.text} ${taskNotice?.html}`).not.toContain('evil.example');
    expect(await noticesTo(quiet.user.email)).toEqual([]);
  });

  it('answers another workspace’s lead and task as not found, with nothing changed', async () => {
    const victim = await workspaceWith('acquisitions');
    const attacker = await signUpTestUser(app);
    const lead = await insertLead(victim.workspaceId, victim.member.user.id);
    const created = await createTask(victim.member, { kind: 'call', dueAt: new Date().toISOString(), leadId: lead.id });
    const { task } = (await created.json()) as { task: TaskView };
    const before = await taskRows(lead.id);

    const onTheirLead = await createTask(attacker, { kind: 'call', dueAt: new Date().toISOString(), leadId: lead.id });
    expect(onTheirLead.status).toBe(404);
    for (const [method, body] of [
      ['PATCH', { done: true }],
      ['PATCH', { assigneeUserId: attacker.user.id }],
      ['DELETE', undefined],
    ] as const) {
      const response = await send(app, method, `/api/tasks/${task.id}`, attacker.headers, body);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'task-not-found' });
    }
    expect((await send(app, 'GET', `/api/tasks?leadId=${lead.id}`, attacker.headers)).status).toBe(404);
    expect((await myDay(attacker)).today).toEqual([]);
    expect(await taskRows(lead.id)).toEqual(before);
  });

  it('lets a Viewer read a lead’s tasks but refuses her every write, with nothing changed', async () => {
    const { owner, member: viewer, workspaceId } = await workspaceWith('viewer');
    const lead = await insertLead(workspaceId, owner.user.id);
    const created = await createTask(owner, { kind: 'call', dueAt: new Date().toISOString(), leadId: lead.id });
    const { task } = (await created.json()) as { task: TaskView };
    const before = await taskRows(lead.id);

    const read = await send(app, 'GET', `/api/tasks?leadId=${lead.id}`, viewer.headers);
    expect(((await read.json()) as { tasks: TaskView[] }).tasks.map((row) => row.id)).toEqual([task.id]);
    for (const [method, path, body] of [
      ['POST', '/api/tasks', { kind: 'call', dueAt: new Date().toISOString(), leadId: lead.id }],
      ['PATCH', `/api/tasks/${task.id}`, { done: true }],
      ['DELETE', `/api/tasks/${task.id}`, undefined],
    ] as const) {
      const response = await send(app, method, path, viewer.headers, body);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'not-allowed' });
    }
    expect(await taskRows(lead.id)).toEqual(before);
  });

  it('refuses a suspended member or a stranger as assignee, on a new task and on a change, with nothing changed', async () => {
    const { owner, member: suspended, workspaceId } = await workspaceWith('acquisitions');
    const stranger = await signUpTestUser(app);
    await database()
      .db.update(memberTable)
      .set({ suspendedAt: new Date() })
      .where(eq(memberTable.userId, suspended.user.id));
    const lead = await insertLead(workspaceId, owner.user.id);
    const dueAt = new Date().toISOString();

    const toSuspended = await createTask(owner, {
      kind: 'call',
      dueAt,
      leadId: lead.id,
      assigneeUserId: suspended.user.id,
    });
    expect(toSuspended.status).toBe(409);
    expect(await toSuspended.json()).toMatchObject({ code: 'seat-suspended' });
    const toStranger = await createTask(owner, {
      kind: 'call',
      dueAt,
      leadId: lead.id,
      assigneeUserId: stranger.user.id,
    });
    expect(toStranger.status).toBe(400);
    expect(await toStranger.json()).toMatchObject({ code: 'not-a-member' });
    expect(await taskRows(lead.id)).toEqual([]);

    const { task } = (await (await createTask(owner, { kind: 'call', dueAt, leadId: lead.id })).json()) as {
      task: TaskView;
    };
    const before = await taskRows(lead.id);
    const handed = await send(app, 'PATCH', `/api/tasks/${task.id}`, owner.headers, {
      assigneeUserId: suspended.user.id,
    });
    expect(handed.status).toBe(409);
    expect(await taskRows(lead.id)).toEqual(before);
  });

  it('refuses oversized, malformed and smuggled bodies with a clear error, with nothing changed', async () => {
    const { owner, workspaceId } = await workspaceWith('acquisitions');
    const lead = await insertLead(workspaceId, owner.user.id);
    const dueAt = new Date().toISOString();
    const bodies: unknown[] = [
      { kind: 'call', dueAt, leadId: lead.id, note: 'x'.repeat(2001) },
      { kind: 'call', dueAt: 'tomorrow', leadId: lead.id },
      { kind: 'fax', dueAt, leadId: lead.id },
      { kind: 'call', dueAt, leadId: 'not-a-uuid' },
      { kind: 'call', dueAt, leadId: lead.id, workspaceId: randomUUID() },
      { kind: 'call', dueAt, leadId: lead.id, note: 'a\u0000b' },
      '{"kind":',
      [],
    ];
    for (const body of bodies) {
      const response = await createTask(owner, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toEqual(expect.any(String));
    }
    const huge = await createTask(owner, { kind: 'call', dueAt, leadId: lead.id, note: 'x'.repeat(2_000_000) });
    expect([400, 413]).toContain(huge.status);
    expect((await send(app, 'PATCH', '/api/tasks/42', owner.headers, { done: true })).status).toBe(404);
    expect((await send(app, 'GET', '/api/tasks?timeZone=Mars/Olympus', owner.headers)).status).toBe(400);
    expect(await taskRows(lead.id)).toEqual([]);
  });

  it('shows a member who sees only her leads the tasks on those and her own, and no other lead’s', async () => {
    const { owner, member: rep, workspaceId } = await workspaceWith('acquisitions', { seesAllLeads: false });
    const hers = await insertLead(workspaceId, rep.user.id);
    const notHers = await insertLead(workspaceId, owner.user.id);
    const dueAt = new Date().toISOString();
    const onHers = (await (await createTask(owner, { kind: 'call', dueAt, leadId: hers.id })).json()) as {
      task: TaskView;
    };
    const onOther = (await (await createTask(owner, { kind: 'call', dueAt, leadId: notHers.id })).json()) as {
      task: TaskView;
    };

    const read = await send(app, 'GET', `/api/tasks?leadId=${hers.id}`, rep.headers);
    expect(((await read.json()) as { tasks: TaskView[] }).tasks.map((task) => task.id)).toEqual([onHers.task.id]);
    expect((await send(app, 'GET', `/api/tasks?leadId=${notHers.id}`, rep.headers)).status).toBe(404);
    expect((await send(app, 'PATCH', `/api/tasks/${onOther.task.id}`, rep.headers, { done: true })).status).toBe(404);
    expect((await createTask(rep, { kind: 'call', dueAt, leadId: notHers.id })).status).toBe(404);
    expect((await taskRows(notHers.id)).map((task) => task.doneAt)).toEqual([null]);
  });
});
