import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { offerLinkAnswer } from '#domain/leads/lead-answer.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { leadEvents, leads, member, organization } from '../db/schema';
import { recordLead } from './record-lead';

/** A homeowner's answer, as POST /api/public/offers/{token}/responses declares its body. */
type Answer = InferRequestType<
  ReturnType<typeof typedClient>['public']['offers'][':token']['responses']['$post']
>['json'];

const contact = (n: number) => ({ name: `Owner ${n}`, email: `owner${n}@example.com`, phone: '512-555-0100' });

describeEachDatabase('new leads find their assignee (issue 26)', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1' });
    app = createApp(context);
    api = typedClient(app);
  });
  afterAll(() => context.changeFeed.close());

  /** A homeowner answers the offer of `token`, from a fresh client address. */
  const answer = (token: string, json: Answer) =>
    api.public.offers[':token'].responses.$post({ param: { token }, json }, asBrowser());

  const nameOf = (signedIn: { user: { email: string } }) => signedIn.user.email.split('@')[0]!;

  /** A homeowner's answer with no member's link behind it: the workspace's rule decides. */
  async function leadByRule(workspaceId: string, n: number) {
    const answer = offerLinkAnswer(
      { kind: 'accept', contact: contact(n), message: '' },
      { address: `${n} Oak St, Austin, TX`, marketValue: 200000, offerRange: { low: 110000, high: 125000 } },
      'bulk-email',
    );
    const { leadId } = await database().db.transaction((tx) =>
      recordLead(tx, context.env, {
        workspace: { id: workspaceId, answeredMemberUserId: null },
        answer,
        offerLinkId: null,
        revisesLeadId: null,
        at: new Date(),
      }),
    );
    const [lead] = await database().db.select().from(leads).where(eq(leads.id, leadId));
    const history = await database()
      .db.select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, leadId))
      .orderBy(asc(leadEvents.createdAt));
    return { lead: lead!, history };
  }

  it('round-robin gives 3 leads to 2 Acquisitions reps in turn, longest unserved first, and says so in history', async () => {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    const [first, second] = [await signUpTestUser(app), await signUpTestUser(app)];
    // Two quick joins can share a millisecond; the rotation breaks that tie by random id.
    const joinedAt = Date.now();
    await joinWorkspace(database().db, {
      workspaceId,
      userId: first.user.id,
      role: 'acquisitions',
      joinedAt: new Date(joinedAt - 1000),
    });
    await joinWorkspace(database().db, {
      workspaceId,
      userId: second.user.id,
      role: 'acquisitions',
      joinedAt: new Date(joinedAt),
    });
    // A Manager is not in the rotation.
    const manager = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId, userId: manager.user.id, role: 'manager' });
    await database()
      .db.update(organization)
      .set({ leadAssignment: 'round-robin' })
      .where(eq(organization.id, workspaceId));

    const assigned = [];
    for (const n of [1, 2, 3]) {
      const { lead, history } = await leadByRule(workspaceId, n);
      assigned.push(lead.assigneeUserId);
      expect(lead.workspaceId).toBe(workspaceId);
      const assignment = history.find((event) => event.kind === 'assignment');
      expect(assignment).toMatchObject({ actorUserId: null });
      expect(assignment?.text).toBe(lead.assigneeUserId === first.user.id ? nameOf(first) : nameOf(second));
    }
    expect(assigned).toEqual([first.user.id, second.user.id, first.user.id]);
    const rotation = await database()
      .db.select({ userId: member.userId, lastAssignedAt: member.lastAssignedAt })
      .from(member)
      .where(eq(member.organizationId, workspaceId));
    expect(
      rotation
        .filter((row) => row.lastAssignedAt !== null)
        .map((row) => row.userId)
        .sort(),
    ).toEqual([first.user.id, second.user.id].sort());
  });

  it('never gives a new lead to a member whose seat is suspended, by round-robin or as the designated member', async () => {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    const [active, suspended] = [await signUpTestUser(app), await signUpTestUser(app)];
    await joinWorkspace(database().db, { workspaceId, userId: active.user.id, role: 'acquisitions' });
    await joinWorkspace(database().db, { workspaceId, userId: suspended.user.id, role: 'acquisitions' });
    await database()
      .db.update(member)
      .set({ suspendedAt: new Date() })
      .where(and(eq(member.organizationId, workspaceId), eq(member.userId, suspended.user.id)));
    await database()
      .db.update(organization)
      .set({ leadAssignment: 'round-robin' })
      .where(eq(organization.id, workspaceId));
    const byRoundRobin = [];
    for (const n of [11, 12, 13]) byRoundRobin.push((await leadByRule(workspaceId, n)).lead.assigneeUserId);
    expect(byRoundRobin).toEqual([active.user.id, active.user.id, active.user.id]);

    await database()
      .db.update(organization)
      .set({ leadAssignment: 'member', leadAssigneeUserId: suspended.user.id })
      .where(eq(organization.id, workspaceId));
    expect((await leadByRule(workspaceId, 14)).lead.assigneeUserId).toBe(owner.user.id);
  });

  it('round-robin without an Acquisitions member, and the rule "member", give the lead to the designated member while a member, else to the Owner', async () => {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    await database()
      .db.update(organization)
      .set({ leadAssignment: 'round-robin' })
      .where(eq(organization.id, workspaceId));
    expect((await leadByRule(workspaceId, 1)).lead.assigneeUserId).toBe(owner.user.id);

    const designated = await signUpTestUser(app);
    const { memberId } = await joinWorkspace(database().db, {
      workspaceId,
      userId: designated.user.id,
      role: 'dispositions',
    });
    await database()
      .db.update(organization)
      .set({ leadAssignment: 'member', leadAssigneeUserId: designated.user.id })
      .where(eq(organization.id, workspaceId));
    expect((await leadByRule(workspaceId, 2)).lead.assigneeUserId).toBe(designated.user.id);

    // Removed: their name is still the setting, but the Owner takes the next lead.
    await database().db.delete(member).where(eq(member.id, memberId));
    expect((await leadByRule(workspaceId, 3)).lead.assigneeUserId).toBe(owner.user.id);
  });

  it("gives the leads of a member's personal page and shared offer links to that member, in the workspace", async () => {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    const rep = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId, userId: rep.user.id, role: 'acquisitions' });
    // The workspace's rule would give it to the Owner.
    const handle = `rep-${randomUUID().slice(0, 8)}`;
    const saved = await api.profile.$put(
      {
        json: {
          handle,
          displayName: 'Rep One',
          company: '',
          phone: '',
          replyToEmail: '',
          postalAddress: '',
          notifyOnLeads: true,
        },
      },
      asBrowser(rep.headers),
    );
    expect(saved.status).toBe(200);
    const offered = await api.public.wholesalers[':handle'].offers.$post(
      { param: { handle }, json: { address: '9 Elm St, Austin, TX', marketValue: 200000, repairs: [] } },
      asBrowser(),
    );
    const { token } = await bodyAt(offered, 201);
    const answered = await answer(token, { kind: 'accept', contact: contact(7) });
    expect(answered.status).toBe(201);
    const [fromPage] = await database()
      .db.select()
      .from(leads)
      .where(eq(leads.email, contact(7).email));
    expect(fromPage).toMatchObject({ workspaceId, assigneeUserId: rep.user.id, source: 'personal-page' });

    const shared = await api['offer-links'].$post(
      {
        json: {
          from: 'calculation',
          calculation: { address: '3 Ash St, Austin, TX', marketValue: 200000, repairs: [], template: defaultTemplate },
        },
      },
      asBrowser(rep.headers),
    );
    const url = (await bodyAt(shared, 201)).url;
    const accepted = await answer(url.split('/offer/')[1]!, { kind: 'accept', contact: contact(8) });
    expect(accepted.status).toBe(201);
    const [fromLink] = await database()
      .db.select()
      .from(leads)
      .where(eq(leads.email, contact(8).email));
    expect(fromLink).toMatchObject({ workspaceId, assigneeUserId: rep.user.id, source: 'shared-link' });
  });
});
