import { APIError } from 'better-auth/api';
import { createAccessControl } from 'better-auth/plugins/access';
import { organization } from 'better-auth/plugins/organization';
import { defaultStatements } from 'better-auth/plugins/organization/access';
import { and, count, eq, gt } from 'drizzle-orm';
import { isWorkspaceRole } from '../../domain/workspaces/roles';
import { invitationEmail } from '../../domain/workspaces/invitation-email';
import { hasFreeSeat, noSeatMessage, seatCount } from '../../domain/workspaces/seats';
import type { Database, DatabaseConnection } from '../db/database';
import { invitation, member, subscriptions } from '../db/schema';
import { sendingPolicyConfig, sendToThirdParty } from '../email/send-to-third-party';
import type { Env } from '../env';

/** An invitation works for a week. */
export const INVITATION_VALID_DAYS = 7;

// The plugin's own permissions (invitations and members) per role; what each role may do in the
// app itself is domain/workspaces/roles.ts, checked by requireRole.
const accessControl = createAccessControl(defaultStatements);
const managing = {
  organization: ['update'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
} as const;
const roles = {
  owner: accessControl.newRole({ ...managing, organization: ['update', 'delete'] }),
  manager: accessControl.newRole(managing),
  acquisitions: accessControl.newRole({}),
  dispositions: accessControl.newRole({}),
  viewer: accessControl.newRole({}),
};

/** People who take a seat in the workspace: its members and its invitations still open. */
export async function seatsTaken(db: Database, workspaceId: string) {
  const [[members], [invited]] = await Promise.all([
    db.select({ n: count() }).from(member).where(eq(member.organizationId, workspaceId)),
    db
      .select({ n: count() })
      .from(invitation)
      .where(
        and(
          eq(invitation.organizationId, workspaceId),
          eq(invitation.status, 'pending'),
          gt(invitation.expiresAt, new Date()),
        ),
      ),
  ]);
  return (members?.n ?? 0) + (invited?.n ?? 0);
}

async function workspacePlan(database: DatabaseConnection, workspaceId: string) {
  const [row] = await database.db
    .select({ plan: subscriptions.plan, extraSeats: subscriptions.extraSeats })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  return row ?? { plan: 'free' as const, extraSeats: 0 };
}

/**
 * Workspaces, members and invitations: Better Auth's organization plugin, with our five roles, a
 * seat limit from the workspace's plan, and invitation e-mails through the one sending policy.
 * Workspaces are made by sign-up (a trigger gives each user one of their own), never by a user.
 */
export function workspacePlugin({ env, database, secret }: { env: Env; database: DatabaseConnection; secret: string }) {
  return organization({
    ac: accessControl,
    roles,
    creatorRole: 'owner',
    allowUserToCreateOrganization: false,
    disableOrganizationDeletion: true,
    invitationExpiresIn: INVITATION_VALID_DAYS * 24 * 60 * 60,
    cancelPendingInvitationsOnReInvite: true,
    membershipLimit: async (_user, workspace) => {
      const { plan, extraSeats } = await workspacePlan(database, workspace.id);
      // Members only: a pending invitation's seat is given to the one who accepts it.
      return seatCount(plan, extraSeats);
    },
    sendInvitationEmail: async ({ id, email, role, organization: workspace, inviter }) => {
      if (!isWorkspaceRole(role)) throw new Error(`invitation with unknown role ${role}`);
      await database.db.transaction((tx) =>
        sendToThirdParty(tx, sendingPolicyConfig({ env, serverSecret: secret }), {
          workspaceId: workspace.id,
          senderUserId: inviter.user.id,
          purpose: 'invitation',
          to: email,
          typedText: [
            { field: 'name', label: 'Your name', text: inviter.user.name },
            { field: 'workspaceName', label: 'The workspace name', text: workspace.name },
          ],
          compose: ({ unsubscribeUrl }) =>
            invitationEmail({
              inviter: { name: inviter.user.name, accountEmail: inviter.user.email },
              workspaceName: workspace.name,
              role,
              acceptUrl: `${env.APP_URL}/invitations/${encodeURIComponent(id)}`,
              validForDays: INVITATION_VALID_DAYS,
              unsubscribeUrl,
            }),
        }),
      );
    },
    organizationHooks: {
      beforeCreateInvitation: async ({ organization: workspace }) => {
        const { plan, extraSeats } = await workspacePlan(database, workspace.id);
        const taken = await seatsTaken(database.db, workspace.id);
        if (!hasFreeSeat({ plan, extraSeats, taken })) {
          throw new APIError('FORBIDDEN', { code: 'NO_FREE_SEAT', message: noSeatMessage(plan, extraSeats) });
        }
      },
    },
  });
}
