import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import {
  ActiveWorkspaceSchema,
  InvitationRequestSchema,
  MemberChangeSchema,
  MemberRemovalSchema,
  WorkspaceChangeSchema,
} from '#domain/workspaces/workspace-requests.ts';
import type { AppContext } from '../app-context';
import {
  findMembership,
  requireRole,
  requireSignedIn,
  requireUser,
  type AuthVariables,
  type SignedInVariables,
} from '../auth/require-user';
import { member, organization } from '../db/schema';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerClient } from '../rate-limit/limit-per-client';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { acceptInvitation, inviteMember, readInvitation, revokeInvitation } from './invitations';
import { changeMember, removeMember, type HandOverLostWork } from './members';
import { throughPlugin } from './plugin-refusal';
import { listMemberships, readWorkspace } from './read-workspace';

const idParam = z.object({ id: z.string().min(1).max(100) });
/** An invitation link's secret (invitation-token.ts): the id and its signature. */
const tokenParam = z.object({ token: z.string().min(1).max(200) });

/** Invitation pages opened per client address and minute: a person opens one; nobody guesses ids. */
const INVITATION_READS = { limit: 30, windowMs: 60_000 } as const;

/**
 * /api/workspace: the team. Whatever the session's workspace: the user's workspaces, switching,
 * accepting an invitation. In the session's workspace: reading it (every member), its name and
 * lead assignment ('manage-workspace'), invitations and members ('manage-members').
 */
export function workspaceRoutes(context: AppContext, { handOverLostWork }: { handOverLostWork: HandOverLostWork }) {
  const { db } = context.database;
  const signedIn = requireSignedIn(context);
  const asMember = requireUser(context);

  return new Hono<{ Variables: AuthVariables & SignedInVariables }>()
    .get('/memberships', signedIn, async (c) => {
      const current = await findMembership(db, c.var.user.id, c.var.activeWorkspaceId);
      return c.json({
        workspaces: await listMemberships(db, c.var.user.id),
        activeWorkspaceId: current?.workspaceId ?? null,
      });
    })
    .put('/active', signedIn, validate('json', ActiveWorkspaceSchema), async (c) => {
      const { workspaceId } = c.req.valid('json');
      const [membership] = await db
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.userId, c.var.user.id), eq(member.organizationId, workspaceId)));
      if (!membership) throw new Refusal(404, workspaceMessages.accessEnded, { code: 'workspace-access-ended' });
      await throughPlugin(() =>
        context.auth.betterAuth.api.setActiveOrganization({
          headers: c.req.raw.headers,
          body: { organizationId: workspaceId },
        }),
      );
      return c.json({ workspaceId });
    })
    .post(
      '/invitations/:token/accept',
      signedIn,
      limitPerUser(context, 'accept-invitation'),
      validate('param', tokenParam),
      async (c) =>
        c.json(
          await acceptInvitation(
            context,
            { userId: c.var.user.id, email: c.var.user.email, sessionId: c.var.sessionId },
            c.req.valid('param').token,
          ),
        ),
    )
    .get('/', asMember, async (c) => c.json(await readWorkspace(db, c.var.member)))
    .patch('/', asMember, requireRole('manage-workspace'), validate('json', WorkspaceChangeSchema), async (c) => {
      const { name, leadAssignment } = c.req.valid('json');
      const workspaceId = c.var.member.workspaceId;
      if (leadAssignment?.rule === 'member') {
        const [assignee] = await db
          .select({ id: member.id })
          .from(member)
          .where(and(eq(member.organizationId, workspaceId), eq(member.userId, leadAssignment.userId)));
        if (!assignee)
          throw new Refusal(400, 'Choose a member of this workspace', { details: { field: 'leadAssignment' } });
      }
      await db
        .update(organization)
        .set({
          name,
          leadAssignment: leadAssignment?.rule,
          leadAssigneeUserId: leadAssignment && (leadAssignment.rule === 'member' ? leadAssignment.userId : null),
        })
        .where(eq(organization.id, workspaceId));
      return c.json(await readWorkspace(db, c.var.member));
    })
    .post(
      '/invitations',
      asMember,
      requireRole('manage-members'),
      limitPerUser(context, 'invite-member'),
      validate('json', InvitationRequestSchema),
      async (c) => {
        const invited = await inviteMember(context, c.var.member, c.req.valid('json'));
        return c.json({ invitation: invited }, 201);
      },
    )
    .delete('/invitations/:id', asMember, requireRole('manage-members'), validate('param', idParam), async (c) => {
      await revokeInvitation(context, c.var.member, c.req.valid('param').id);
      return c.json({ revoked: true });
    })
    .patch(
      '/members/:id',
      asMember,
      requireRole('manage-members'),
      validate('param', idParam),
      validate('json', MemberChangeSchema),
      async (c) => {
        const lostWork = await changeMember(
          context,
          c.req.raw.headers,
          c.var.member,
          c.req.valid('param').id,
          c.req.valid('json'),
          handOverLostWork,
        );
        return c.json({ ...(await readWorkspace(db, c.var.member)), lostWork });
      },
    )
    .delete(
      '/members/:id',
      asMember,
      requireRole('manage-members'),
      validate('param', idParam),
      validate('json', MemberRemovalSchema),
      async (c) => {
        const removed = await removeMember(
          context,
          c.req.raw.headers,
          c.var.member,
          c.req.valid('param').id,
          c.req.valid('json').leadsTo,
          handOverLostWork,
        );
        return c.json(removed);
      },
    );
}

/** GET /api/public/invitations/{token}: the invitation page before anyone signs in. */
export function publicInvitationRoutes(context: AppContext) {
  return new Hono()
    .use(limitPerClient(context, 'read-invitation', INVITATION_READS))
    .get('/:token', validate('param', tokenParam), async (c) =>
      c.json(await readInvitation(context, c.req.valid('param').token)),
    );
}
