import { and, eq, gte } from 'drizzle-orm';
import {
  assignableRoles,
  isWorkspaceRole,
  workspaceMessages,
  type WorkspaceMember,
} from '../../domain/workspaces/roles';
import type { InvitationRequest } from '../../domain/workspaces/workspace-requests';
import type { AppContext } from '../app-context';
import { invitation, member, organization, user } from '../db/schema';
import { assertSenderMaySend } from '../email/send-to-third-party';
import { Refusal } from '../http/refusal';
import { throughPlugin } from './plugin-refusal';

export const invitationMessages = {
  notFound: 'Invitation not found',
} as const;

/**
 * Invites someone into the member's workspace as `role` (one the member may give): the inviter
 * must be allowed to e-mail strangers (the sending policy), the workspace must have a free seat
 * (the plugin's hook), and the e-mail goes through the policy. If the e-mail is refused, the
 * invitation it would have carried is withdrawn: nobody holds a link to it.
 */
export async function inviteMember(
  context: AppContext,
  headers: Headers,
  me: WorkspaceMember,
  request: InvitationRequest,
) {
  if (!assignableRoles(me.role).includes(request.role)) {
    throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
  }
  const { db } = context.database;
  await assertSenderMaySend(db, me, 'invitation');
  const startedAt = new Date();
  try {
    const created = await throughPlugin(() =>
      context.auth.betterAuth.api.createInvitation({
        headers,
        body: { email: request.email, role: request.role, organizationId: me.workspaceId },
      }),
    );
    return { id: created.id, email: created.email, role: request.role, expiresAt: created.expiresAt };
  } catch (error) {
    await db
      .update(invitation)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(invitation.organizationId, me.workspaceId),
          eq(invitation.email, request.email),
          eq(invitation.status, 'pending'),
          gte(invitation.createdAt, startedAt),
        ),
      );
    throw error;
  }
}

/** Revokes an open invitation of the member's workspace; another workspace's is not found. */
export async function revokeInvitation(context: AppContext, headers: Headers, me: WorkspaceMember, id: string) {
  const [row] = await context.database.db
    .select({ id: invitation.id })
    .from(invitation)
    .where(and(eq(invitation.id, id), eq(invitation.organizationId, me.workspaceId)));
  if (!row) throw new Refusal(404, invitationMessages.notFound);
  await throughPlugin(() => context.auth.betterAuth.api.cancelInvitation({ headers, body: { invitationId: id } }));
}

/**
 * GET /api/public/invitations/{id}: what the invitation page shows before anyone signs in: who
 * invited whom into which workspace, as what, and whether it can still be accepted. Its id is a
 * random 32-character secret, sent only in the e-mail.
 */
export async function readInvitation(context: AppContext, id: string) {
  const [row] = await context.database.db
    .select({
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      workspaceName: organization.name,
      inviterName: user.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, id));
  if (!row || !isWorkspaceRole(row.role)) throw new Refusal(404, invitationMessages.notFound);
  const { status, expiresAt, role, ...rest } = row;
  const state = status !== 'pending' ? status : expiresAt <= new Date() ? 'expired' : 'pending';
  return { ...rest, role, state, expiresAt };
}

/**
 * Accepts an invitation for the signed-in user (the plugin checks the address is theirs, that it
 * is still open, and the seats), then works in its workspace. A new Acquisitions member sees the
 * leads assigned to them until an Owner or Manager switches on "sees all leads".
 */
export async function acceptInvitation(context: AppContext, headers: Headers, id: string) {
  const accepted = await throughPlugin(() =>
    context.auth.betterAuth.api.acceptInvitation({ headers, body: { invitationId: id } }),
  );
  if (!accepted) throw new Refusal(410, 'This invitation was already used, revoked or has expired. Ask for a new one.');
  const { member: joined } = accepted;
  if (joined.role === 'acquisitions') {
    await context.database.db.update(member).set({ seesAllLeads: false }).where(eq(member.id, joined.id));
  }
  return { workspaceId: joined.organizationId };
}
