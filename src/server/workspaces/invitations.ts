import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { invitationEmail } from '#domain/workspaces/invitation-email.ts';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import { assignableRoles, isWorkspaceRole, workspaceMessages, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import { hasFreeSeat, noSeatMessage } from '#domain/workspaces/seats.ts';
import type { InvitationRequest } from '#domain/workspaces/workspace-requests.ts';
import type { AppContext } from '../app-context';
import { INVITATION_VALID_DAYS } from '../auth/workspace-plugin';
import { memberNameSql } from '../db/member-name';
import { invitation, member, organization, session, user } from '../db/schema';
import { assertSenderMaySend, sendingPolicyConfig, sendToThirdParty } from '../email/send-to-third-party';
import { Refusal } from '../http/refusal';
import { invitationIdOfToken, invitationToken } from './invitation-token';
import { countSeatHolders, lockSeats } from './workspace-seats';

export const invitationMessages = {
  notFound: 'Invitation not found',
  alreadyMember: 'This person is already a member.',
  closed: 'This invitation was already used, revoked or has expired. Ask for a new one.',
  notTheRecipient: 'This invitation is for another e-mail address. Sign in with the address it was sent to.',
  noFreeSeat: 'This workspace has no free seat. Ask its Owner to add a seat.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Invites someone into the member's workspace as `role` (one the member may give), in one
 * transaction under the workspace's seat lock: a free seat is checked and taken, an open invitation
 * to the same address is replaced, and the e-mail is queued through the sending policy. When the
 * policy refuses the e-mail, the invitation is refused and nothing is kept: no row, no seat.
 */
export async function inviteMember(context: AppContext, me: WorkspaceMember, request: InvitationRequest) {
  if (!assignableRoles(me.role).includes(request.role)) {
    throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
  }
  const { db } = context.database;
  await assertSenderMaySend(db, me, 'invitation');
  return db.transaction(async (tx) => {
    const { plan, extraSeats } = await lockSeats(tx, me.workspaceId);
    const [already] = await tx
      .select({ id: member.id })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, me.workspaceId), eq(user.email, request.email)));
    if (already) throw new Refusal(409, invitationMessages.alreadyMember, { code: 'already-a-member' });
    // A new invitation to the same address replaces the open one (its link stops working).
    await tx
      .update(invitation)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(invitation.organizationId, me.workspaceId),
          eq(invitation.email, request.email),
          eq(invitation.status, 'pending'),
        ),
      );
    const { members, invited } = await countSeatHolders(tx, me.workspaceId);
    if (!hasFreeSeat({ plan, extraSeats, taken: members + invited })) {
      throw new Refusal(403, noSeatMessage(plan, extraSeats), { code: 'no-free-seat' });
    }

    const [[workspace], [inviter]] = await Promise.all([
      tx.select({ name: organization.name }).from(organization).where(eq(organization.id, me.workspaceId)),
      tx
        .select({ name: memberNameSql(me.workspaceId), email: user.email })
        .from(user)
        .where(eq(user.id, me.userId)),
    ]);
    if (!workspace || !inviter) throw new Error(`workspace ${me.workspaceId} or its member ${me.userId} is gone`);
    const inviterName = memberNameOrNeutral(inviter.name);
    const createdAt = new Date();
    const [created] = await tx
      .insert(invitation)
      .values({
        id: randomBytes(16).toString('hex'),
        organizationId: me.workspaceId,
        email: request.email,
        role: request.role,
        status: 'pending',
        inviterId: me.userId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + INVITATION_VALID_DAYS * DAY_MS),
      })
      .returning({ id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt });
    if (!created) throw new Error('the invitation was not written');

    await sendToThirdParty(tx, sendingPolicyConfig(context), {
      workspaceId: me.workspaceId,
      senderUserId: me.userId,
      purpose: 'invitation',
      to: request.email,
      typedText: [
        { field: 'name', label: 'Your name', text: inviterName },
        { field: 'workspaceName', label: 'The workspace name', text: workspace.name },
      ],
      compose: ({ unsubscribeUrl }) =>
        invitationEmail({
          inviter: { name: inviterName, accountEmail: inviter.email },
          workspaceName: workspace.name,
          role: request.role,
          acceptUrl: `${context.env.APP_URL}/invitations/${invitationToken(context.serverSecret, created.id)}`,
          validForDays: INVITATION_VALID_DAYS,
          unsubscribeUrl,
        }),
    });
    return { id: created.id, email: created.email, role: request.role, expiresAt: created.expiresAt };
  });
}

/** Revokes an open invitation of the member's workspace; another workspace's is not found. */
export async function revokeInvitation(context: AppContext, me: WorkspaceMember, id: string) {
  const revoked = await context.database.db
    .update(invitation)
    .set({ status: 'canceled' })
    .where(and(eq(invitation.id, id), eq(invitation.organizationId, me.workspaceId), eq(invitation.status, 'pending')))
    .returning({ id: invitation.id });
  if (revoked.length === 0) throw new Refusal(404, invitationMessages.notFound);
}

/**
 * GET /api/public/invitations/{token}: what the invitation page shows before anyone signs in: who
 * invited whom into which workspace, as what, and whether it can still be accepted. The token is
 * the link's secret (invitation-token.ts), sent only in the e-mail; an invitation's id is not enough.
 */
export async function readInvitation(context: AppContext, token: string) {
  const id = invitationIdOfToken(context.serverSecret, token);
  if (!id) throw new Refusal(404, invitationMessages.notFound);
  const [row] = await context.database.db
    .select({
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      workspaceName: organization.name,
      inviterName: memberNameSql(invitation.organizationId),
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, id));
  if (!row || !isWorkspaceRole(row.role)) throw new Refusal(404, invitationMessages.notFound);
  const { status, expiresAt, role, inviterName, ...rest } = row;
  const state = status !== 'pending' ? status : expiresAt <= new Date() ? 'expired' : 'pending';
  return { ...rest, inviterName: memberNameOrNeutral(inviterName), role, state, expiresAt };
}

/**
 * Accepts an invitation for the signed-in user through its link's secret, in one transaction under
 * the workspace's seat lock: the invitation must be open and for the user's address, and a seat
 * free. The secret went only to that address, so the link proves it, as a verification link would:
 * an account that had not verified it is verified now. The session then works in the workspace. A
 * new Acquisitions member sees the leads assigned to them until an Owner or Manager switches on
 * "sees all leads".
 */
export async function acceptInvitation(
  context: AppContext,
  accepting: { userId: string; email: string; sessionId: string },
  token: string,
) {
  const id = invitationIdOfToken(context.serverSecret, token);
  if (!id) throw new Refusal(404, invitationMessages.notFound);
  const { db } = context.database;
  const [found] = await db
    .select({ workspaceId: invitation.organizationId })
    .from(invitation)
    .where(eq(invitation.id, id));
  if (!found) throw new Refusal(404, invitationMessages.notFound);

  return db.transaction(async (tx) => {
    // The seat lock first, then the invitation: the order every change of seats takes.
    const { seats } = await lockSeats(tx, found.workspaceId);
    const [open] = await tx.select().from(invitation).where(eq(invitation.id, id)).for('update');
    if (!open || open.status !== 'pending' || open.expiresAt <= new Date() || !isWorkspaceRole(open.role)) {
      throw new Refusal(410, invitationMessages.closed, { code: 'invitation-closed' });
    }
    if (open.email.toLowerCase() !== accepting.email.toLowerCase()) {
      throw new Refusal(403, invitationMessages.notTheRecipient, { code: 'not-the-recipient' });
    }
    const [already] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, open.organizationId), eq(member.userId, accepting.userId)));
    if (already) throw new Refusal(409, invitationMessages.alreadyMember, { code: 'already-a-member' });
    const { members } = await countSeatHolders(tx, open.organizationId);
    if (members >= seats) throw new Refusal(409, invitationMessages.noFreeSeat, { code: 'no-free-seat' });

    await tx.update(invitation).set({ status: 'accepted' }).where(eq(invitation.id, id));
    await tx.insert(member).values({
      id: randomUUID(),
      organizationId: open.organizationId,
      userId: accepting.userId,
      role: open.role,
      seesAllLeads: open.role !== 'acquisitions',
    });
    await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(user.id, accepting.userId), eq(user.emailVerified, false)));
    await tx
      .update(session)
      .set({ activeOrganizationId: open.organizationId })
      .where(eq(session.id, accepting.sessionId));
    return { workspaceId: open.organizationId };
  });
}
