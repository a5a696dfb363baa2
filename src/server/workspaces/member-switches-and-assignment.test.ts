// Issue 26 §3 and §4: the two switches an Owner or Manager sets per member ("sees all leads / only
// leads assigned to them", "may bulk send and export") and the workspace's lead-assignment rule,
// changed by those who may, taking effect on the member's next request, and refused with nothing
// changed for those who may not.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { leads, member, organization } from '../db/schema';

type Headers = Record<string, string>;

interface WorkspaceView {
  workspace: { leadAssignment: string; leadAssigneeUserId: string | null };
  me: { seesAllLeads: boolean; mayBulkSendAndExport: boolean };
  members: { id: string; userId: string; seesAllLeads: boolean; mayBulkSendAndExport: boolean }[];
}

describeEachDatabase('workspaces: member switches and the lead-assignment rule (issue 26)', (database) => {
  const { app } = suiteApp(database);

  /** A Pro Owner's workspace with a Manager and an Acquisitions rep who sees only their leads, and a lead of each of Owner and rep. */
  async function team() {
    const { owner, workspaceId, join } = await newTestWorkspace(app(), database().db);
    await setWorkspacePlan(database().db, workspaceId, 'pro');
    const manager = await join('manager');
    const rep = await join('acquisitions', { seesAllLeads: false, mayBulkSendAndExport: false });
    const viewer = await join('viewer');
    const insertLead = async (assigneeUserId: string) => {
      const [lead] = await database()
        .db.insert(leads)
        .values({
          workspaceId,
          assigneeUserId,
          source: 'shared-link',
          address: '1 Elm St, Austin, TX',
          marketValue: 200000,
          offerLow: 110000,
          offerHigh: 125000,
          responseKind: 'accepted',
        })
        .returning({ id: leads.id });
      return lead!.id;
    };
    const ownerLead = await insertLead(owner.user.id);
    const repLead = await insertLead(rep.user.id);
    const [repMember] = await database()
      .db.select()
      .from(member)
      .where(and(eq(member.organizationId, workspaceId), eq(member.userId, rep.user.id)));
    return { owner, manager, rep, viewer, workspaceId, ownerLead, repLead, repMember: repMember! };
  }

  const leadIds = async (headers: Headers) =>
    ((await (await send(app(), 'GET', '/api/leads-inbox', headers)).json()) as { leads: { id: string }[] }).leads
      .map((lead) => lead.id)
      .sort();
  const memberRow = async (id: string) => (await database().db.select().from(member).where(eq(member.id, id)))[0];
  const workspaceRow = async (id: string) =>
    (await database().db.select().from(organization).where(eq(organization.id, id)))[0];
  /** An export the rep may make only with "may bulk send and export" on: 403 without; with it, 409 (no spreadsheet connected here). */
  const tryExport = (headers: Headers, leadId: string) =>
    send(app(), 'POST', '/api/integrations/sheets/export', headers, {
      source: { kind: 'lead', leadId },
      contact: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: '512-555-0100',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
      },
    });

  it('an Owner and a Manager set a member’s two switches, which take effect on the member’s next request', async () => {
    const { owner, manager, rep, ownerLead, repLead, repMember } = await team();
    expect(await leadIds(rep.headers)).toEqual([repLead]);
    expect((await send(app(), 'GET', `/api/leads-inbox/${ownerLead}`, rep.headers)).status).toBe(404);
    expect((await tryExport(rep.headers, repLead)).status).toBe(403);

    const seesAll = await send(app(), 'PATCH', `/api/workspace/members/${repMember.id}`, owner.headers, {
      seesAllLeads: true,
    });
    expect(seesAll.status).toBe(200);
    expect(((await seesAll.json()) as WorkspaceView).members.find((m) => m.id === repMember.id)).toMatchObject({
      seesAllLeads: true,
      mayBulkSendAndExport: false,
    });
    expect(await leadIds(rep.headers)).toEqual([ownerLead, repLead].sort());
    expect((await send(app(), 'GET', `/api/leads-inbox/${ownerLead}`, rep.headers)).status).toBe(200);

    const mayExport = await send(app(), 'PATCH', `/api/workspace/members/${repMember.id}`, manager.headers, {
      mayBulkSendAndExport: true,
    });
    expect(mayExport.status).toBe(200);
    const notConnected = await tryExport(rep.headers, repLead);
    expect(notConnected.status).toBe(409);
    expect(await notConnected.json()).toMatchObject({ code: 'sheets-not-connected' });
    const view = (await (await send(app(), 'GET', '/api/workspace', rep.headers)).json()) as WorkspaceView;
    expect(view.me).toMatchObject({ seesAllLeads: true, mayBulkSendAndExport: true });

    // Both off again, by the Manager at once: the rep is back to their own leads and no exports.
    const off = await send(app(), 'PATCH', `/api/workspace/members/${repMember.id}`, manager.headers, {
      seesAllLeads: false,
      mayBulkSendAndExport: false,
    });
    expect(off.status).toBe(200);
    expect(await leadIds(rep.headers)).toEqual([repLead]);
    expect((await send(app(), 'GET', `/api/leads-inbox/${ownerLead}`, rep.headers)).status).toBe(404);
    expect((await tryExport(rep.headers, repLead)).status).toBe(403);
    expect(await memberRow(repMember.id)).toMatchObject({ seesAllLeads: false, mayBulkSendAndExport: false });
  });

  it('refuses an Acquisitions member flipping their own switches, and a Viewer flipping anyone’s, with nothing changed', async () => {
    const { rep, viewer, ownerLead, repLead, repMember } = await team();
    const before = await memberRow(repMember.id);
    for (const [who, change] of [
      [rep, { seesAllLeads: true }],
      [rep, { mayBulkSendAndExport: true }],
      [rep, { seesAllLeads: true, mayBulkSendAndExport: true }],
      [viewer, { seesAllLeads: true }],
    ] as const) {
      const refused = await send(app(), 'PATCH', `/api/workspace/members/${repMember.id}`, who.headers, change);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: workspaceMessages.notAllowed });
    }
    expect(await memberRow(repMember.id)).toEqual(before);
    expect(await leadIds(rep.headers)).toEqual([repLead]);
    expect((await send(app(), 'GET', `/api/leads-inbox/${ownerLead}`, rep.headers)).status).toBe(404);
    expect((await tryExport(rep.headers, repLead)).status).toBe(403);
  });

  it('a Manager sets the lead-assignment rule; Acquisitions and Viewer members are refused with nothing changed', async () => {
    const { manager, rep, viewer, workspaceId } = await team();
    const toRep = await send(app(), 'PATCH', '/api/workspace', manager.headers, {
      leadAssignment: { rule: 'member', userId: rep.user.id },
    });
    expect(toRep.status).toBe(200);
    expect(((await toRep.json()) as WorkspaceView).workspace).toMatchObject({
      leadAssignment: 'member',
      leadAssigneeUserId: rep.user.id,
    });
    expect(await workspaceRow(workspaceId)).toMatchObject({
      leadAssignment: 'member',
      leadAssigneeUserId: rep.user.id,
    });

    const roundRobin = await send(app(), 'PATCH', '/api/workspace', manager.headers, {
      leadAssignment: { rule: 'round-robin' },
    });
    expect(roundRobin.status).toBe(200);
    expect(await workspaceRow(workspaceId)).toMatchObject({ leadAssignment: 'round-robin', leadAssigneeUserId: null });

    const before = await workspaceRow(workspaceId);
    for (const who of [rep, viewer]) {
      for (const body of [
        { leadAssignment: { rule: 'member', userId: who.user.id } },
        { leadAssignment: { rule: 'round-robin' } },
        { name: 'Taken over' },
      ]) {
        const refused = await send(app(), 'PATCH', '/api/workspace', who.headers, body);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ error: workspaceMessages.notAllowed });
      }
    }
    expect(await workspaceRow(workspaceId)).toEqual(before);
  });
});
