// Issue 26 §2 and its security list: an invitation expires 7 days after it was sent, and an expired
// one is refused with nothing changed; the organization plugin's own endpoints
// (/api/auth/organization/*) are closed, so nobody reaches workspaces, members or invitations around
// /api/workspace's checks (seats, roles, the sending policy): hostile requests change nothing.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sendJson as send } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser, uniqueEmail } from '#tests/support/test-users.ts';
import { joinWorkspace, verifiedProOwner } from '#tests/support/workspaces.ts';
import { emailOutbox, invitation, member, organization, session } from '../db/schema';
import { invitationToken } from './invitation-token';

// Invitation links expire in 7 days (issue 26 §2).
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

describeEachDatabase('workspaces: expired invitations and the plugin’s closed endpoints (issue 26)', (database) => {
  const { app, context } = suiteApp(database);

  /** Invites `email` through /api/workspace as the Owner; the invitation's row. */
  async function invite(owner: Awaited<ReturnType<typeof verifiedProOwner>>, email: string, role = 'acquisitions') {
    const invited = await send(app(), 'POST', '/api/workspace/invitations', owner.headers, { email, role });
    expect(invited.status).toBe(201);
    const [row] = await database().db.select().from(invitation).where(eq(invitation.email, email));
    return row!;
  }

  /** The secret the invitation e-mail's link carries. */
  const tokenOf = (id: string) => invitationToken(context().serverSecret, id);

  const membersOf = (workspaceId: string) =>
    database().db.select().from(member).where(eq(member.organizationId, workspaceId));
  const invitationRow = async (id: string) =>
    (await database().db.select().from(invitation).where(eq(invitation.id, id)))[0];

  it('refuses an invitation past its 7 days, shows it as expired, and changes nothing', async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const email = uniqueEmail('late');
    const sent = await invite(owner, email);
    expect(sent.expiresAt.getTime() - sent.createdAt.getTime()).toBeGreaterThan(SEVEN_DAYS_MS - 60_000);
    expect(sent.expiresAt.getTime() - sent.createdAt.getTime()).toBeLessThanOrEqual(SEVEN_DAYS_MS);
    // Seven days pass: the invitation's row is moved, not the clock.
    await database()
      .db.update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, sent.id));
    const expired = await invitationRow(sent.id);
    const membersBefore = await membersOf(owner.user.id);

    const page = await send(app(), 'GET', `/api/public/invitations/${tokenOf(sent.id)}`, {});
    expect(await page.json()).toMatchObject({ email, state: 'expired' });

    const invitee = await signUpTestUser(app(), email);
    const refused = await send(app(), 'POST', `/api/workspace/invitations/${tokenOf(sent.id)}/accept`, invitee.headers);
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { error: string }).error).toMatch(/expired/);
    // Nobody joined, the invitation is as it was, the invitee still works in their own workspace.
    expect(await membersOf(owner.user.id)).toEqual(membersBefore);
    expect(await invitationRow(sent.id)).toEqual(expired);
    const own = await send(app(), 'GET', '/api/workspace', invitee.headers);
    expect(await own.json()).toMatchObject({ workspace: { id: invitee.user.id }, me: { role: 'owner' } });
    // And the team page no longer lists it as open.
    const team = (await (await send(app(), 'GET', '/api/workspace', owner.headers)).json()) as {
      invitations: { id: string }[];
    };
    expect(team.invitations.map((open) => open.id)).not.toContain(sent.id);
  });

  it('closes the plugin’s create-organization endpoint, however the path is written', async () => {
    const user = await signUpTestUser(app());
    for (const path of [
      '/api/auth/organization/create',
      '/api/auth/organization/create/',
      '/api/auth//organization/create',
      '/api/auth/Organization/create',
      '/api/auth/%6Frganization/create',
      '/api/auth/organization%2Fcreate',
    ]) {
      const refused = await send(app(), 'POST', path, user.headers, {
        name: 'Side business',
        slug: `side-${user.user.id}`,
      });
      expect(refused.status, path).toBe(404);
    }
    expect(
      await database()
        .db.select()
        .from(organization)
        .where(eq(organization.slug, `side-${user.user.id}`)),
    ).toEqual([]);
    expect((await database().db.select().from(member).where(eq(member.userId, user.user.id))).length).toBe(1);
  });

  it('refuses an invitation sent through the plugin, by an Owner or a Viewer, with no invitation and no e-mail', async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const viewer = await signUpTestUser(app());
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: viewer.user.id, role: 'viewer' });
    for (const who of [owner, viewer]) {
      const email = uniqueEmail('side-door');
      for (const role of ['owner', 'viewer']) {
        const refused = await send(app(), 'POST', '/api/auth/organization/invite-member', who.headers, {
          email,
          role,
          organizationId: owner.user.id,
        });
        expect(refused.status).toBe(404);
      }
      expect(await database().db.select().from(invitation).where(eq(invitation.email, email))).toEqual([]);
      expect(await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
    }
  });

  it('refuses a role change through the plugin: a Viewer cannot make themselves Owner', async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const viewer = await signUpTestUser(app());
    const { memberId } = await joinWorkspace(database().db, {
      workspaceId: owner.user.id,
      userId: viewer.user.id,
      role: 'viewer',
    });
    const before = await membersOf(owner.user.id);
    for (const who of [viewer, owner]) {
      const refused = await send(app(), 'POST', '/api/auth/organization/update-member-role', who.headers, {
        memberId,
        role: 'owner',
        organizationId: owner.user.id,
      });
      expect(refused.status).toBe(404);
    }
    expect(await membersOf(owner.user.id)).toEqual(before);
    const view = await send(app(), 'GET', '/api/workspace', viewer.headers);
    expect(await view.json()).toMatchObject({ me: { role: 'viewer' } });
  });

  it('refuses an acceptance through the plugin (it would skip "only leads assigned to them"); the invitation stays open', async () => {
    const owner = await verifiedProOwner(app(), database().db);
    const email = uniqueEmail('rep');
    const sent = await invite(owner, email);
    const invitee = await signUpTestUser(app(), email);
    const refused = await send(app(), 'POST', '/api/auth/organization/accept-invitation', invitee.headers, {
      invitationId: sent.id,
    });
    expect(refused.status).toBe(404);
    expect(await invitationRow(sent.id)).toEqual(sent);
    expect(
      await database()
        .db.select()
        .from(member)
        .where(and(eq(member.organizationId, owner.user.id), eq(member.userId, invitee.user.id))),
    ).toEqual([]);
    // Nor can the plugin point the invitee's session at the workspace they have not joined.
    const sessionsBefore = await database().db.select().from(session).where(eq(session.userId, invitee.user.id));
    const setActive = await send(app(), 'POST', '/api/auth/organization/set-active', invitee.headers, {
      organizationId: owner.user.id,
    });
    expect(setActive.status).toBe(404);
    expect(await database().db.select().from(session).where(eq(session.userId, invitee.user.id))).toEqual(
      sessionsBefore,
    );

    // The one door still opens: accepted through /api/workspace, as an Acquisitions member who sees only their leads.
    const accepted = await send(
      app(),
      'POST',
      `/api/workspace/invitations/${tokenOf(sent.id)}/accept`,
      invitee.headers,
    );
    expect(accepted.status).toBe(200);
    const view = await send(app(), 'GET', '/api/workspace', invitee.headers);
    expect(await view.json()).toMatchObject({ me: { role: 'acquisitions', seesAllLeads: false } });
  });
});
