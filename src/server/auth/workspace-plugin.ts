import { APIError } from 'better-auth/api';
import { createAccessControl } from 'better-auth/plugins/access';
import { organization } from 'better-auth/plugins/organization';
import { defaultStatements } from 'better-auth/plugins/organization/access';
import type { RefusalCode } from '../http/refusal';

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

function refuseOutsideOurRoutes(): never {
  throw new APIError('FORBIDDEN', { code: 'use-workspace-routes' satisfies RefusalCode, message: 'Not allowed' });
}

/**
 * Workspaces, members and invitations: Better Auth's organization plugin, with our five roles.
 * Workspaces are made by sign-up (a trigger gives each user one of their own), never by a user.
 * Seats are counted by /api/workspace alone, under the seat lock (workspaces/workspace-seats.ts).
 */
export function workspacePlugin() {
  return organization({
    ac: accessControl,
    roles,
    creatorRole: 'owner',
    allowUserToCreateOrganization: false,
    disableOrganizationDeletion: true,
    invitationExpiresIn: INVITATION_VALID_DAYS * 24 * 60 * 60,
    // Invitations are written and accepted by /api/workspace (workspaces/invitations.ts), in one
    // transaction with the seat lock and the e-mail; the plugin's own ways in stay shut.
    organizationHooks: {
      beforeAddMember: refuseOutsideOurRoutes,
      beforeCreateInvitation: refuseOutsideOurRoutes,
      beforeAcceptInvitation: refuseOutsideOurRoutes,
    },
  });
}
