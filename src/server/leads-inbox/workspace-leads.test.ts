import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import type { WorkspaceRole } from '#domain/workspaces/roles.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import {
  bulkSendJobs,
  leadEvents,
  leads,
  member as memberTable,
  offerLinks,
  savedProperties,
  user as userTable,
  wholesalerProfiles,
} from '../db/schema';

type SignedIn = Awaited<ReturnType<typeof signUpTestUser>>;
interface Assigned {
  id: string;
  assignee: { userId: string; name: string } | null;
}

const nameOf = (signedIn: SignedIn) => signedIn.user.email.split('@')[0]!;

/** A well-formed history cursor (an earlier page's), so only the lead decides the answer. */
const anyCursor = Buffer.from(JSON.stringify({ createdAt: new Date().toISOString(), id: randomUUID() })).toString(
  'base64url',
);

describeEachDatabase('a workspace works its leads together (issue 26)', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  /** An Owner's workspace (its id is the Owner's) with a member of `role` in it. */
  async function workspaceWith(
    role: WorkspaceRole,
    switches: { seesAllLeads?: boolean; mayBulkSendAndExport?: boolean } = {},
  ) {
    const owner = await signUpTestUser(app);
    const member = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: member.user.id, role, ...switches });
    return { owner, member, workspaceId: owner.user.id };
  }

  async function insertLead(
    workspaceId: string,
    assigneeUserId: string | null,
    status: 'new' | 'under-contract' = 'new',
  ) {
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        assigneeUserId,
        status,
        source: 'shared-link',
        address: `${randomUUID().slice(0, 4)} Oak St, Austin, TX`,
        name: 'Ann Lee',
        email: `ann-${randomUUID().slice(0, 6)}@example.com`,
        marketValue: 200000,
        offerLow: 110000,
        offerHigh: 125000,
        responseKind: 'accepted',
      })
      .returning();
    return lead!;
  }

  const list = async (who: SignedIn, query = '') =>
    ((await (await send(app, 'GET', `/api/leads-inbox${query}`, who.headers)).json()) as { leads: Assigned[] }).leads;

  /** What a write may change: the lead, its history, the workspace's links and saved properties. */
  async function snapshot(workspaceId: string, leadId: string) {
    const db = database().db;
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    const [events] = await db.select({ n: count() }).from(leadEvents).where(eq(leadEvents.leadId, leadId));
    const [links] = await db.select({ n: count() }).from(offerLinks).where(eq(offerLinks.workspaceId, workspaceId));
    const [saved] = await db
      .select({ n: count() })
      .from(savedProperties)
      .where(eq(savedProperties.workspaceId, workspaceId));
    return { lead, events: events?.n, links: links?.n, saved: saved?.n };
  }

  /** Every write on a lead, as the inbox sends them. */
  const writes = (leadId: string, assigneeUserId: string) =>
    [
      ['PATCH', `/api/leads-inbox/${leadId}`, { status: 'contacted' }],
      ['POST', `/api/leads-inbox/${leadId}/notes`, { text: 'called' }],
      ['PUT', `/api/leads-inbox/${leadId}/assignee`, { userId: assigneeUserId }],
      ['POST', `/api/leads-inbox/${leadId}/revised-offer`, { marketValue: 200000, repairs: [] }],
      ['POST', `/api/leads-inbox/${leadId}/save`, undefined],
    ] as const;

  it('lists Mine, Everyone and one member’s leads, each with its assignee, and reassigns by hand with the actor in history', async () => {
    const { owner, member: rep, workspaceId } = await workspaceWith('acquisitions');
    const ownerLead = await insertLead(workspaceId, owner.user.id);
    const repLead = await insertLead(workspaceId, rep.user.id);
    const ids = (rows: Assigned[]) => rows.map((row) => row.id).sort();

    expect(ids(await list(owner))).toEqual([ownerLead.id, repLead.id].sort());
    expect(ids(await list(owner, '?assignee=all'))).toEqual([ownerLead.id, repLead.id].sort());
    expect(ids(await list(owner, '?assignee=me'))).toEqual([ownerLead.id]);
    expect(ids(await list(owner, `?assignee=${rep.user.id}`))).toEqual([repLead.id]);
    expect((await list(owner)).find((row) => row.id === repLead.id)?.assignee).toEqual({
      userId: rep.user.id,
      name: nameOf(rep),
    });

    const moved = await send(app, 'PUT', `/api/leads-inbox/${ownerLead.id}/assignee`, owner.headers, {
      userId: rep.user.id,
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ lead: { id: ownerLead.id, assignee: { userId: rep.user.id } } });
    expect(ids(await list(rep, '?assignee=me'))).toEqual([ownerLead.id, repLead.id].sort());
    const detail = (await (await send(app, 'GET', `/api/leads-inbox/${ownerLead.id}`, rep.headers)).json()) as {
      lead: Assigned;
      events: { kind: string; text: string; actor: { userId: string; name: string } | null }[];
    };
    expect(detail.lead.assignee).toEqual({ userId: rep.user.id, name: nameOf(rep) });
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'assignment',
      text: nameOf(rep),
      actor: { userId: owner.user.id, name: nameOf(owner) },
    });

    // The rep's note and status change name the rep.
    await send(app, 'POST', `/api/leads-inbox/${ownerLead.id}/notes`, rep.headers, { text: 'called' });
    await send(app, 'PATCH', `/api/leads-inbox/${ownerLead.id}`, rep.headers, { status: 'contacted' });
    const after = (await (
      await send(app, 'GET', `/api/leads-inbox/${ownerLead.id}`, owner.headers)
    ).json()) as typeof detail;
    expect(after.events.slice(-2).map((event) => [event.kind, event.actor?.userId])).toEqual([
      ['note', rep.user.id],
      ['status', rep.user.id],
    ]);

    // Only a member of the workspace can take a lead; nothing changes otherwise.
    const stranger = await signUpTestUser(app);
    const before = await snapshot(workspaceId, ownerLead.id);
    const refused = await send(app, 'PUT', `/api/leads-inbox/${ownerLead.id}/assignee`, owner.headers, {
      userId: stranger.user.id,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'not-a-member' });
    expect(await snapshot(workspaceId, ownerLead.id)).toEqual(before);

    // Nor one whose seat is suspended (a downgrade's suspension).
    await send(app, 'PUT', `/api/leads-inbox/${ownerLead.id}/assignee`, owner.headers, { userId: owner.user.id });
    await database()
      .db.update(memberTable)
      .set({ suspendedAt: new Date() })
      .where(and(eq(memberTable.organizationId, workspaceId), eq(memberTable.userId, rep.user.id)));
    const beforeSuspended = await snapshot(workspaceId, ownerLead.id);
    const toSuspended = await send(app, 'PUT', `/api/leads-inbox/${ownerLead.id}/assignee`, owner.headers, {
      userId: rep.user.id,
    });
    expect(toSuspended.status).toBe(409);
    expect(await toSuspended.json()).toMatchObject({ code: 'seat-suspended' });
    expect(await snapshot(workspaceId, ownerLead.id)).toEqual(beforeSuspended);
  });

  it('names the member who sent a revised offer on its history entry (issue 26 §5)', async () => {
    const { member: rep, workspaceId } = await workspaceWith('acquisitions');
    const lead = await insertLead(workspaceId, rep.user.id);
    // The sending policy: a verified sender with a postal address in this workspace's profile.
    await database().db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, rep.user.id));
    await database()
      .db.insert(wholesalerProfiles)
      .values({ workspaceId, userId: rep.user.id, postalAddress: '2 Main St, Austin, TX 78701' });
    const sent = await send(app, 'POST', `/api/leads-inbox/${lead.id}/revised-offer`, rep.headers, {
      marketValue: 200000,
      repairs: [],
    });
    expect(sent.status).toBe(201);

    const [stored] = await database()
      .db.select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(leadEvents.createdAt);
    expect(stored).toMatchObject({ kind: 'revised-offer', actorUserId: rep.user.id });
    const detail = (await (await send(app, 'GET', `/api/leads-inbox/${lead.id}`, rep.headers)).json()) as {
      events: { kind: string; actor: { userId: string; name: string } | null }[];
    };
    expect(detail.events.find((event) => event.kind === 'revised-offer')?.actor).toEqual({
      userId: rep.user.id,
      name: nameOf(rep),
    });
  });

  it('an "assigned only" member sees only their leads: another member’s lead is 404 by id for every read and write', async () => {
    const { owner, member: rep, workspaceId } = await workspaceWith('acquisitions', { seesAllLeads: false });
    const ownerLead = await insertLead(workspaceId, owner.user.id);
    const repLead = await insertLead(workspaceId, rep.user.id);
    expect((await list(rep)).map((row) => row.id)).toEqual([repLead.id]);
    expect((await list(rep, `?assignee=${owner.user.id}`)).map((row) => row.id)).toEqual([]);
    const before = await snapshot(workspaceId, ownerLead.id);
    expect((await send(app, 'GET', `/api/leads-inbox/${ownerLead.id}`, rep.headers)).status).toBe(404);
    expect(
      (await send(app, 'GET', `/api/leads-inbox/${ownerLead.id}/events?before=${anyCursor}`, rep.headers)).status,
    ).toBe(404);
    for (const [method, path, body] of writes(ownerLead.id, rep.user.id)) {
      const response = await send(app, method, path, rep.headers, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot(workspaceId, ownerLead.id)).toEqual(before);
    expect((await send(app, 'GET', `/api/leads-inbox/${repLead.id}`, rep.headers)).status).toBe(200);
  });

  it('a member of workspace A reads and writes nothing of workspace B by id: leads, offer links, profile, send jobs', async () => {
    const a = await signUpTestUser(app);
    const b = await signUpTestUser(app);
    const bLead = await insertLead(b.user.id, b.user.id);
    const before = await snapshot(b.user.id, bLead.id);
    expect((await send(app, 'GET', `/api/leads-inbox/${bLead.id}`, a.headers)).status).toBe(404);
    expect((await send(app, 'GET', `/api/leads-inbox/${bLead.id}/events?before=${anyCursor}`, a.headers)).status).toBe(
      404,
    );
    expect(await list(a)).toEqual([]);
    expect(await list(a, `?assignee=${b.user.id}`)).toEqual([]);
    for (const [method, path, body] of writes(bLead.id, a.user.id)) {
      expect((await send(app, method, path, a.headers, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot(b.user.id, bLead.id)).toEqual(before);

    // B's saved property cannot be shared by A.
    const [property] = await database()
      .db.insert(savedProperties)
      .values({
        workspaceId: b.user.id,
        address: '1 Elm St',
        marketValue: 200000,
        repairCosts: [],
        totalRepairCost: 0,
        cashOfferLow: 110000,
        cashOfferHigh: 125000,
        contactName: 'B',
      })
      .returning();
    const shared = await send(app, 'POST', '/api/offer-links', a.headers, {
      from: 'saved-property',
      savedPropertyId: property!.id,
    });
    expect(shared.status).toBe(404);
    expect((await snapshot(b.user.id, bLead.id)).links).toBe(0);

    // A's profile is A's: B's stays as B saved it.
    await database()
      .db.insert(wholesalerProfiles)
      .values({ workspaceId: b.user.id, userId: b.user.id, displayName: 'B' });
    const profile = (await (await send(app, 'GET', '/api/profile', a.headers)).json()) as { saved: boolean };
    expect(profile.saved).toBe(false);
    await send(app, 'PUT', '/api/profile', a.headers, {
      handle: null,
      displayName: 'A',
      company: '',
      phone: '',
      replyToEmail: '',
      postalAddress: '',
      notifyOnLeads: true,
    });
    const [bProfile] = await database()
      .db.select()
      .from(wholesalerProfiles)
      .where(eq(wholesalerProfiles.workspaceId, b.user.id));
    expect(bProfile?.displayName).toBe('B');

    // B's bulk send job: unknown to A, and A cannot cancel it.
    await makeBulkSender(database().db, b.user.id);
    await makeBulkSender(database().db, a.user.id);
    const started = await send(app, 'POST', '/api/bulk-send', b.headers, {
      template: defaultTemplate,
      properties: [
        {
          firstName: 'O',
          lastName: 'Lee',
          email: 'o@example.com',
          address: '1 Oak St, Austin, TX',
          marketValue: 200000,
        },
      ],
    });
    expect(started.status).toBe(201);
    const { jobId } = (await started.json()) as { jobId: string };
    expect((await send(app, 'GET', `/api/bulk-send/${jobId}`, a.headers)).status).toBe(404);
    expect((await send(app, 'POST', `/api/bulk-send/${jobId}/cancel`, a.headers)).status).toBe(404);
    const [job] = await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job).toMatchObject({ workspaceId: b.user.id, userId: b.user.id, status: 'running' });
    await send(app, 'POST', `/api/bulk-send/${jobId}/cancel`, b.headers);
  });

  it("refuses a Viewer's every write with 403 and nothing changed, while they read", async () => {
    const { owner, member: viewer, workspaceId } = await workspaceWith('viewer');
    const lead = await insertLead(workspaceId, owner.user.id);
    const before = await snapshot(workspaceId, lead.id);
    expect((await send(app, 'GET', `/api/leads-inbox/${lead.id}`, viewer.headers)).status).toBe(200);
    for (const [method, path, body] of writes(lead.id, viewer.user.id)) {
      const response = await send(app, method, path, viewer.headers, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'not-allowed' });
    }
    const shared = await send(app, 'POST', '/api/offer-links', viewer.headers, {
      from: 'calculation',
      calculation: { address: '3 Ash St, Austin, TX', marketValue: 200000, repairs: [], template: defaultTemplate },
    });
    expect(shared.status).toBe(403);
    expect(await snapshot(workspaceId, lead.id)).toEqual(before);
    // Their own profile is theirs to edit, in this workspace.
    const profile = await send(app, 'PUT', '/api/profile', viewer.headers, {
      handle: null,
      displayName: 'Viewer V',
      company: '',
      phone: '',
      replyToEmail: '',
      postalAddress: '',
      notifyOnLeads: true,
    });
    expect(profile.status).toBe(200);
    const [row] = await database()
      .db.select()
      .from(wholesalerProfiles)
      .where(eq(wholesalerProfiles.userId, viewer.user.id));
    expect(row).toMatchObject({ workspaceId, displayName: 'Viewer V' });
  });

  it('lets Dispositions work a lead once it is under contract, not before', async () => {
    const { owner, member: dispositions, workspaceId } = await workspaceWith('dispositions');
    const early = await insertLead(workspaceId, owner.user.id);
    const contracted = await insertLead(workspaceId, owner.user.id, 'under-contract');
    const before = await snapshot(workspaceId, early.id);
    expect(
      (await send(app, 'PATCH', `/api/leads-inbox/${early.id}`, dispositions.headers, { status: 'contacted' })).status,
    ).toBe(403);
    expect(
      (await send(app, 'POST', `/api/leads-inbox/${early.id}/notes`, dispositions.headers, { text: 'x' })).status,
    ).toBe(403);
    expect(await snapshot(workspaceId, early.id)).toEqual(before);
    expect(
      (
        await send(app, 'POST', `/api/leads-inbox/${contracted.id}/notes`, dispositions.headers, {
          text: 'buyer found',
        })
      ).status,
    ).toBe(201);
    const closed = await send(app, 'PATCH', `/api/leads-inbox/${contracted.id}`, dispositions.headers, {
      status: 'closed',
      closing: { amountReceived: 12000, closedOn: '2027-01-15' },
    });
    expect(closed.status).toBe(200);
    const history = await database()
      .db.select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, contracted.id))
      .orderBy(leadEvents.createdAt);
    expect(history.map((event) => [event.kind, event.actorUserId])).toEqual([
      ['note', dispositions.user.id],
      ['status', dispositions.user.id],
    ]);
  });

  it('an Acquisitions member bulk sends only with the switch on, signed with their own profile in the workspace', async () => {
    const body = {
      template: defaultTemplate,
      properties: [
        {
          firstName: 'O',
          lastName: 'Lee',
          email: 'o@example.com',
          address: '1 Oak St, Austin, TX',
          marketValue: 200000,
        },
      ],
    };
    const without = await workspaceWith('acquisitions');
    await setWorkspacePlan(database().db, without.workspaceId, 'pro');
    const refused = await send(app, 'POST', '/api/bulk-send', without.member.headers, body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'not-allowed' });
    expect(
      await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.workspaceId, without.workspaceId)),
    ).toEqual([]);

    const allowed = await workspaceWith('acquisitions', { mayBulkSendAndExport: true });
    await setWorkspacePlan(database().db, allowed.workspaceId, 'pro');
    await database().db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, allowed.member.user.id));
    // The rep's own workspace's profile has a postal address; this workspace's does not yet.
    await makeBulkSender(database().db, allowed.member.user.id);
    const noAddress = await send(app, 'POST', '/api/bulk-send', allowed.member.headers, body);
    expect(noAddress.status).toBe(403);
    expect(await noAddress.json()).toMatchObject({ code: 'postal-address-required' });
    await database().db.insert(wholesalerProfiles).values({
      workspaceId: allowed.workspaceId,
      userId: allowed.member.user.id,
      postalAddress: '2 Main St, Austin, TX 78701',
    });
    const sent = await send(app, 'POST', '/api/bulk-send', allowed.member.headers, body);
    expect(sent.status).toBe(201);
    const { jobId } = (await sent.json()) as { jobId: string };
    const [job] = await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job).toMatchObject({ workspaceId: allowed.workspaceId, userId: allowed.member.user.id });
    // The Owner sees the workspace's job.
    expect((await send(app, 'GET', `/api/bulk-send/${jobId}`, allowed.owner.headers)).status).toBe(200);
    await send(app, 'POST', `/api/bulk-send/${jobId}/cancel`, allowed.owner.headers);
  });
});
