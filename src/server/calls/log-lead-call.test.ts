import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';
import { leadEvents, leads, tasks } from '../db/schema';
import type { TaskView } from '../tasks/task-view';

type SignedIn = Awaited<ReturnType<typeof signUpTestUser>>;
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('calls and texts logged on a lead (issue 42)', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  async function ownerWithLead(status: 'new' | 'contacted' = 'new') {
    const owner = await signUpTestUser(app);
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId: owner.user.id,
        assigneeUserId: owner.user.id,
        status,
        source: 'shared-link',
        address: `${randomUUID().slice(0, 4)} Elm St, Austin, TX`,
        name: 'Bo Diaz',
        email: `bo-${randomUUID().slice(0, 6)}@example.com`,
        phone: '(512) 555-0142',
        responseKind: 'countered',
      })
      .returning();
    return { owner, lead: lead! };
  }

  const logCall = (who: SignedIn, leadId: string, body: unknown) =>
    send(app, 'POST', `/api/leads-inbox/${leadId}/calls`, who.headers, body);
  const snapshot = async (leadId: string) => {
    const db = database().db;
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    const events = await db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, leadId))
      .orderBy(asc(leadEvents.createdAt));
    const taskRows = await db.select().from(tasks).where(eq(tasks.leadId, leadId));
    return { lead, events, tasks: taskRows };
  };

  it('“not now, call back in 3 weeks” writes the history and a call task on that day, leaving the status', async () => {
    const { owner, lead } = await ownerWithLead();
    const callBackAt = new Date(Date.now() + 21 * DAY_MS).toISOString();
    const response = await logCall(owner, lead.id, {
      channel: 'call',
      phone: '512-555-0142',
      outcome: 'not-now',
      callBackAt,
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { task: TaskView; lead: { status: string } };
    expect(body.task).toMatchObject({ kind: 'call', dueAt: callBackAt, assignee: { userId: owner.user.id } });
    expect(body.lead.status).toBe('new');
    const after = await snapshot(lead.id);
    expect(after.events.map((event) => [event.kind, event.text])).toEqual([
      ['call', 'Call to (512) 555-0142: Talked: not now'],
    ]);
    expect(after.tasks).toHaveLength(1);
  });

  it('moves a New lead to Contacted when the homeowner is interested, sets a meeting for an appointment, and marks Dead only when asked', async () => {
    const { owner, lead } = await ownerWithLead();
    await logCall(owner, lead.id, { channel: 'call', phone: lead.phone, outcome: 'interested' });
    expect((await snapshot(lead.id)).lead?.status).toBe('contacted');

    const appointmentAt = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const set = await logCall(owner, lead.id, {
      channel: 'call',
      phone: lead.phone,
      outcome: 'appointment-set',
      appointmentAt,
    });
    expect(((await set.json()) as { task: TaskView }).task).toMatchObject({ kind: 'meeting', dueAt: appointmentAt });

    await logCall(owner, lead.id, { channel: 'text', phone: lead.phone, outcome: 'not-interested' });
    expect((await snapshot(lead.id)).lead?.status).toBe('contacted');
    await logCall(owner, lead.id, { channel: 'call', phone: lead.phone, outcome: 'not-interested', markDead: true });
    const after = await snapshot(lead.id);
    expect(after.lead?.status).toBe('dead');
    expect(after.events.filter((event) => event.kind === 'status').map((event) => event.toStatus)).toEqual([
      'contacted',
      'dead',
    ]);
  });

  it('marks a wrong number on the lead and refuses to log another call to it, with nothing changed', async () => {
    const { owner, lead } = await ownerWithLead();
    const wrong = await logCall(owner, lead.id, { channel: 'call', phone: lead.phone, outcome: 'wrong-number' });
    expect(((await wrong.json()) as { lead: { phones: unknown } }).lead.phones).toEqual([
      { number: '(512) 555-0142', wrongNumber: true },
    ]);
    const before = await snapshot(lead.id);
    const again = await logCall(owner, lead.id, { channel: 'call', phone: lead.phone, outcome: 'no-answer' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'wrong-number' });
    expect(await snapshot(lead.id)).toEqual(before);
  });

  it('refuses another workspace’s lead, a Viewer, a number the lead does not have and incomplete outcomes, with nothing changed', async () => {
    const { owner, lead } = await ownerWithLead();
    const attacker = await signUpTestUser(app);
    const viewer = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: viewer.user.id, role: 'viewer' });
    const before = await snapshot(lead.id);
    const call = { channel: 'call', phone: lead.phone, outcome: 'interested' };

    expect((await logCall(attacker, lead.id, call)).status).toBe(404);
    const byViewer = await logCall(viewer, lead.id, call);
    expect(byViewer.status).toBe(403);
    expect(await byViewer.json()).toMatchObject({ code: 'not-allowed' });
    const otherNumber = await logCall(owner, lead.id, { ...call, phone: '(212) 555-0199' });
    expect(otherNumber.status).toBe(400);
    expect(await otherNumber.json()).toMatchObject({ code: 'unknown-phone' });
    for (const body of [
      { ...call, outcome: 'not-now' },
      { ...call, outcome: 'appointment-set' },
      { ...call, outcome: 'hung-up' },
      { ...call, channel: 'fax' },
      { ...call, note: 'x'.repeat(2001) },
      { ...call, leadId: randomUUID() },
    ]) {
      const response = await logCall(owner, lead.id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toEqual(expect.any(String));
    }
    expect(await snapshot(lead.id)).toEqual(before);
  });
});
