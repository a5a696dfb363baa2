// Issue 42 §4, one deal record: Under Contract takes the contract terms and Closed what was
// received, with the status, in one transaction; the lead shows them. Hostile requests (another
// workspace, a Viewer, a member who sees only their own leads, malformed or out-of-range money)
// are refused and change nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { WorkspaceRole } from '#domain/workspaces/roles.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';
import { dealTerms, leadEvents, leads } from '../db/schema';

const contract = {
  contractPrice: 150000,
  contractDate: '2026-12-01',
  closingDate: '2027-01-15',
  titleCompany: '  Lone Star Title ',
  earnestMoney: 1000,
};

describeEachDatabase('one deal record: contract and closing terms (issue 42 §4)', (database) => {
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
        marketValue: 200000,
        offerLow: 110000,
        offerHigh: 125000,
        responseKind: 'accepted',
      })
      .returning();
    return lead!;
  }

  /** Everything a status change may write: the lead, its history, its terms. */
  const snapshot = async (leadId: string) => ({
    lead: await database().db.select().from(leads).where(eq(leads.id, leadId)),
    events: await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)),
    terms: await database().db.select().from(dealTerms).where(eq(dealTerms.leadId, leadId)),
  });

  const patch = (headers: Record<string, string>, leadId: string, body: unknown) =>
    send(app, 'PATCH', `/api/leads-inbox/${leadId}`, headers, body);

  it('moves a lead to Under Contract with its terms, then Closed with what was received, and shows them', async () => {
    const { member: rep, workspaceId } = await workspaceWith('acquisitions');
    const lead = await insertLead(workspaceId, rep.user.id);

    const contracted = await patch(rep.headers, lead.id, { status: 'under-contract', contract });
    expect(contracted.status).toBe(200);
    expect(await contracted.json()).toMatchObject({ lead: { status: 'under-contract' } });
    const [terms] = await database().db.select().from(dealTerms).where(eq(dealTerms.leadId, lead.id));
    expect(terms).toMatchObject({ ...contract, titleCompany: 'Lone Star Title', workspaceId, amountReceived: null });

    const closed = await patch(rep.headers, lead.id, {
      status: 'closed',
      closing: { amountReceived: 12500.5, closedOn: '2027-01-16' },
    });
    expect(closed.status).toBe(200);
    const detail = (await (await send(app, 'GET', `/api/leads-inbox/${lead.id}`, rep.headers)).json()) as {
      lead: { status: string; dealTerms: unknown };
    };
    expect(detail.lead).toEqual(
      expect.objectContaining({
        status: 'closed',
        dealTerms: {
          contractPrice: 150000,
          contractDate: '2026-12-01',
          closingDate: '2027-01-15',
          titleCompany: 'Lone Star Title',
          earnestMoney: 1000,
          amountReceived: 12500.5,
          closedOn: '2027-01-16',
        },
      }),
    );
    const history = await database()
      .db.select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(leadEvents.createdAt);
    expect(history.map((event) => [event.kind, event.fromStatus, event.toStatus])).toEqual([
      ['status', 'new', 'under-contract'],
      ['status', 'under-contract', 'closed'],
    ]);

    // Corrected terms on the status it has: written, no new history entry.
    expect(
      (
        await patch(rep.headers, lead.id, {
          status: 'closed',
          closing: { amountReceived: 13000, closedOn: '2027-01-16' },
        })
      ).status,
    ).toBe(200);
    expect((await snapshot(lead.id)).terms[0]).toMatchObject({ amountReceived: 13000, contractPrice: 150000 });
    expect((await snapshot(lead.id)).events).toHaveLength(2);
  });

  it('refuses a move without its terms, or with malformed, negative or oversized ones: 400, nothing changed', async () => {
    const { owner, workspaceId } = await workspaceWith('acquisitions');
    const lead = await insertLead(workspaceId, owner.user.id);
    const before = await snapshot(lead.id);
    for (const body of [
      { status: 'under-contract' },
      { status: 'closed' },
      { status: 'negotiating', contract },
      { status: 'under-contract', contract: { ...contract, contractPrice: -150000 } },
      { status: 'under-contract', contract: { ...contract, contractPrice: 0 } },
      { status: 'under-contract', contract: { ...contract, contractPrice: 1e13 } },
      { status: 'under-contract', contract: { ...contract, contractPrice: '150000' } },
      { status: 'under-contract', contract: { ...contract, earnestMoney: -1 } },
      { status: 'under-contract', contract: { ...contract, earnestMoney: 0.001 } },
      { status: 'under-contract', contract: { ...contract, contractDate: '2026-02-31' } },
      { status: 'under-contract', contract: { ...contract, contractDate: "2026-12-01' or '1'='1" } },
      { status: 'under-contract', contract: { ...contract, closingDate: '2026-11-01' } },
      { status: 'under-contract', contract: { ...contract, titleCompany: 'x'.repeat(201) } },
      { status: 'under-contract', contract: { ...contract, titleCompany: 'a\u0000b' } },
      { status: 'under-contract', contract: { contractDate: '2026-12-01' } },
      { status: 'closed', closing: { amountReceived: -5, closedOn: '2027-01-15' } },
      { status: 'closed', closing: { amountReceived: 1e11, closedOn: '2027-01-15' } },
      { status: 'closed', closing: { amountReceived: 5000 } },
      '{',
    ]) {
      const refused = await patch(owner.headers, lead.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toHaveProperty('error');
    }
    expect(await snapshot(lead.id)).toEqual(before);
  });

  it('refuses a Viewer, a member who sees only their own leads on another’s lead, and another workspace; nothing changed', async () => {
    const { owner, member: viewer, workspaceId } = await workspaceWith('viewer');
    const lead = await insertLead(workspaceId, owner.user.id);
    const otherRep = await signUpTestUser(app);
    await joinWorkspace(database().db, {
      workspaceId,
      userId: otherRep.user.id,
      role: 'acquisitions',
      seesAllLeads: false,
    });
    const stranger = await signUpTestUser(app);
    const before = await snapshot(lead.id);

    const byViewer = await patch(viewer.headers, lead.id, { status: 'under-contract', contract });
    expect(byViewer.status).toBe(403);
    expect(await byViewer.json()).toMatchObject({ code: 'not-allowed' });
    for (const who of [otherRep, stranger]) {
      const refused = await patch(who.headers, lead.id, { status: 'under-contract', contract });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: 'Lead not found', code: 'lead-not-found' });
      expect((await send(app, 'GET', `/api/leads-inbox/${lead.id}`, who.headers)).status).toBe(404);
    }
    expect(await snapshot(lead.id)).toEqual(before);
  });
});
