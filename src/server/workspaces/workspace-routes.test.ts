// Issue 26: invitations, roles and removal as callers, hostile ones included, meet them.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { seatMessages } from '#domain/workspaces/seats.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser, uniqueEmail } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan, verifiedProOwner } from '#tests/support/workspaces.ts';
import { emailOutbox, invitation, leadEvents, leads, member } from '../db/schema';

describeEachDatabase('workspaces: invitations, roles and removal', (database) => {
  const { app } = suiteApp(database);

  const invitationsTo = (email: string) => database().db.select().from(invitation).where(eq(invitation.email, email));

  /** The secret the invitation e-mail to `email` carries in its link. */
  async function invitationTokenMailedTo(email: string) {
    const [mail] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail?.purpose).toBe('invitation');
    return /\/invitations\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
  }

  it('invites by e-mail, shows the invitation, and the invitee joins as the role they were invited to', async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const email = uniqueEmail('rep');
    const invited = await send(app(), 'POST', '/api/workspace/invitations', owner.headers, {
      email,
      role: 'acquisitions',
    });
    expect(invited.status).toBe(201);
    const id = await invitationTokenMailedTo(email);

    const page = await send(app(), 'GET', `/api/public/invitations/${id}`, {});
    expect(await page.json()).toMatchObject({ email, role: 'acquisitions', state: 'pending' });

    const rep = await signUpTestUser(app(), email);
    // A role in the body of the acceptance is not read: the invitation's role is the one given.
    const accepted = await send(app(), 'POST', `/api/workspace/invitations/${id}/accept`, rep.headers, {
      role: 'owner',
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ workspaceId: owner.user.id });

    const view = await send(app(), 'GET', '/api/workspace', rep.headers);
    expect(await view.json()).toMatchObject({
      workspace: { id: owner.user.id },
      me: { role: 'acquisitions', seesAllLeads: false, mayBulkSendAndExport: false },
    });
    const memberships = await send(app(), 'GET', '/api/workspace/memberships', rep.headers);
    expect(((await memberships.json()) as { workspaces: { id: string }[] }).workspaces.map((w) => w.id)).toEqual([
      rep.user.id,
      owner.user.id,
    ]);

    // A replay of the same acceptance is refused and adds nobody.
    const replay = await send(app(), 'POST', `/api/workspace/invitations/${id}/accept`, rep.headers);
    expect(replay.status).toBe(410);
    const members = await database().db.select().from(member).where(eq(member.organizationId, owner.user.id));
    expect(members).toHaveLength(2);
  });

  it('refuses an acceptance from another address and a revoked invitation', async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const email = uniqueEmail('invitee');
    await send(app(), 'POST', '/api/workspace/invitations', owner.headers, { email, role: 'viewer' });
    const id = await invitationTokenMailedTo(email);

    const stranger = await signUpTestUser(app());
    const stolen = await send(app(), 'POST', `/api/workspace/invitations/${id}/accept`, stranger.headers);
    expect(stolen.status).toBe(403);

    const [sent] = await invitationsTo(email);
    expect((await send(app(), 'DELETE', `/api/workspace/invitations/${sent!.id}`, owner.headers)).status).toBe(200);
    const invitee = await signUpTestUser(app(), email);
    const revoked = await send(app(), 'POST', `/api/workspace/invitations/${id}/accept`, invitee.headers);
    expect(revoked.status).toBe(410);
    expect(
      await database()
        .db.select()
        .from(member)
        .where(and(eq(member.organizationId, owner.user.id), eq(member.userId, invitee.user.id))),
    ).toEqual([]);
  });

  it('says what to do when the plan has no seat for another person, and writes no invitation', async () => {
    const freeOwner = await signUpTestUser(app());
    await markEmailVerified(database().db, freeOwner.user.id);
    const email = uniqueEmail('nope');
    const refused = await send(app(), 'POST', '/api/workspace/invitations', freeOwner.headers, {
      email,
      role: 'viewer',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(seatMessages.teamsNeedPro);
    expect(await invitationsTo(email)).toEqual([]);

    const owner = await verifiedProOwner(app(), database().db);
    for (const role of ['viewer', 'viewer'] as const) {
      const ok = await send(app(), 'POST', '/api/workspace/invitations', owner.headers, {
        email: uniqueEmail('s'),
        role,
      });
      expect(ok.status).toBe(201);
    }
    const fourth = uniqueEmail('fourth');
    const full = await send(app(), 'POST', '/api/workspace/invitations', owner.headers, {
      email: fourth,
      role: 'viewer',
    });
    expect(full.status).toBe(403);
    expect(((await full.json()) as { error: string }).error).toBe(seatMessages.allSeatsTaken(3));
    expect(await invitationsTo(fourth)).toEqual([]);
  });

  it('refuses an unverified inviter before any invitation exists', async () => {
    const owner = await signUpTestUser(app());
    await setWorkspacePlan(database().db, owner.user.id, 'pro');
    const email = uniqueEmail('unverified');
    const refused = await send(app(), 'POST', '/api/workspace/invitations', owner.headers, { email, role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('email-not-verified');
    expect(await invitationsTo(email)).toEqual([]);
  });

  it("refuses a Viewer's invitation, a Manager's Owner invitation, and a Manager's change to an Owner", async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const viewer = await signUpTestUser(app());
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: viewer.user.id, role: 'viewer' });
    const manager = await signUpTestUser(app());
    await markEmailVerified(database().db, manager.user.id);
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: manager.user.id, role: 'manager' });

    const email = uniqueEmail('raise');
    const byViewer = await send(app(), 'POST', '/api/workspace/invitations', viewer.headers, { email, role: 'viewer' });
    expect(byViewer.status).toBe(403);
    expect(((await byViewer.json()) as { error: string }).error).toBe(workspaceMessages.notAllowed);
    const asOwner = await send(app(), 'POST', '/api/workspace/invitations', manager.headers, { email, role: 'owner' });
    expect(asOwner.status).toBe(403);
    expect(await invitationsTo(email)).toEqual([]);

    const view = (await (await send(app(), 'GET', '/api/workspace', manager.headers)).json()) as {
      members: { id: string; userId: string; role: string }[];
    };
    const ownerMember = view.members.find((m) => m.userId === owner.user.id)!;
    const demote = await send(app(), 'PATCH', `/api/workspace/members/${ownerMember.id}`, manager.headers, {
      role: 'viewer',
    });
    expect(demote.status).toBe(403);
    const selfPromotion = await send(
      app(),
      'PATCH',
      `/api/workspace/members/${view.members.find((m) => m.userId === manager.user.id)!.id}`,
      manager.headers,
      { role: 'owner' },
    );
    expect(selfPromotion.status).toBe(403);
    const roles = await database()
      .db.select({ userId: member.userId, role: member.role })
      .from(member)
      .where(eq(member.organizationId, owner.user.id));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.user.id]: 'owner',
      [viewer.user.id]: 'viewer',
      [manager.user.id]: 'manager',
    });
  });

  it("gives another workspace's members and invitations nothing by id", async () => {
    const ownerA = await verifiedProOwner(app(), database().db);
    const ownerB = await verifiedProOwner(app(), database().db);
    const email = uniqueEmail('a-invitee');
    await send(app(), 'POST', '/api/workspace/invitations', ownerA.headers, { email, role: 'viewer' });
    const [pending] = await invitationsTo(email);
    const revoke = await send(app(), 'DELETE', `/api/workspace/invitations/${pending!.id}`, ownerB.headers);
    expect(revoke.status).toBe(404);
    expect((await invitationsTo(email))[0]?.status).toBe('pending');

    const [aOwnerMember] = await database().db.select().from(member).where(eq(member.organizationId, ownerA.user.id));
    const patch = await send(app(), 'PATCH', `/api/workspace/members/${aOwnerMember!.id}`, ownerB.headers, {
      seesAllLeads: false,
    });
    expect(patch.status).toBe(404);
    const remove = await send(app(), 'DELETE', `/api/workspace/members/${aOwnerMember!.id}`, ownerB.headers, {
      leadsTo: ownerB.user.id,
    });
    expect(remove.status).toBe(404);
    const [after] = await database().db.select().from(member).where(eq(member.id, aOwnerMember!.id));
    expect(after).toEqual(aOwnerMember);
  });

  it("removes a member after handing their leads over; the removed member's next request is refused", async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const rep = await signUpTestUser(app());
    const { memberId } = await joinWorkspace(database().db, {
      workspaceId: owner.user.id,
      userId: rep.user.id,
      role: 'acquisitions',
    });
    const [lead] = await database()
      .db.insert(leads)
      .values({
        address: '1 Elm St',
        responseKind: 'accepted',
        workspaceId: owner.user.id,
        assigneeUserId: rep.user.id,
      })
      .returning();
    expect((await send(app(), 'GET', '/api/workspace', rep.headers)).status).toBe(200);

    const noHeir = await send(app(), 'DELETE', `/api/workspace/members/${memberId}`, owner.headers, {
      leadsTo: rep.user.id,
    });
    expect(noHeir.status).toBe(400);
    const removed = await send(app(), 'DELETE', `/api/workspace/members/${memberId}`, owner.headers, {
      leadsTo: owner.user.id,
    });
    expect(removed.status).toBe(200);

    const [handedOver] = await database().db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(handedOver?.assigneeUserId).toBe(owner.user.id);
    const history = await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(history).toEqual([expect.objectContaining({ kind: 'assignment', actorUserId: owner.user.id })]);

    const refused = await send(app(), 'GET', '/api/workspace', rep.headers);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'workspace-access-ended' });
    // They may still leave for their own workspace.
    const back = await send(app(), 'PUT', '/api/workspace/active', rep.headers, { workspaceId: rep.user.id });
    expect(back.status).toBe(200);
    expect((await send(app(), 'GET', '/api/workspace', rep.headers)).status).toBe(200);
    const sneak = await send(app(), 'PUT', '/api/workspace/active', rep.headers, { workspaceId: owner.user.id });
    expect(sneak.status).toBe(404);
  });

  it('refuses malformed bodies with the field at fault and changes nothing', async () => {
    const owner = await verifiedProOwner(app(), database().db);
    for (const body of [
      { email: 'not-an-email', role: 'viewer' },
      { email: uniqueEmail('x'), role: 'admin' },
      '{"email":',
    ]) {
      const refused = await send(app(), 'POST', '/api/workspace/invitations', owner.headers, body);
      expect(refused.status).toBe(400);
    }
    expect(await database().db.select().from(invitation).where(eq(invitation.organizationId, owner.user.id))).toEqual(
      [],
    );
    const unknown = await send(app(), 'GET', '/api/public/invitations/does-not-exist', {});
    expect(unknown.status).toBe(404);
  });
});
