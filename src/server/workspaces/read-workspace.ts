import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import { may, type WorkspaceMember, type WorkspaceRole } from '#domain/workspaces/roles.ts';
import { seatCount } from '#domain/workspaces/seats.ts';
import type { Database } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { invitation, member, organization, subscriptions, user } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

/** The workspaces a user belongs to, their own first: the account menu's switcher. */
export async function listMemberships(db: Database, userId: string) {
  const rows = await db
    .select({ id: organization.id, name: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(sql`${member.organizationId} = ${userId} desc`, asc(member.createdAt), asc(member.id));
  return rows.map((row) => ({ ...row, role: row.role as WorkspaceRole, own: row.id === userId }));
}

/** Members of a workspace with their names, oldest first. */
export async function listMembers(db: Database, workspaceId: string) {
  const rows = await db
    .select({
      id: member.id,
      userId: member.userId,
      name: memberNameSql(workspaceId),
      email: user.email,
      role: member.role,
      seesAllLeads: member.seesAllLeads,
      mayBulkSendAndExport: member.mayBulkSendAndExport,
      joinedAt: member.createdAt,
      // Holds no seat (the plan has fewer seats than members): every route refuses them until it does.
      suspendedAt: member.suspendedAt,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, workspaceId))
    .orderBy(asc(member.createdAt), asc(member.id));
  return rows.map(({ suspendedAt, ...row }) => ({
    ...row,
    name: memberNameOrNeutral(row.name),
    role: row.role as WorkspaceRole,
    suspended: suspendedAt !== null,
  }));
}

/**
 * GET /api/workspace: the session's workspace as the team page shows it: its name and lead
 * assignment, the member asking, every member, the open invitations (to those who manage members)
 * and the seats.
 */
export async function readWorkspace(db: Database, me: WorkspaceMember) {
  const [workspace] = await db
    .select({
      id: organization.id,
      name: organization.name,
      leadAssignment: organization.leadAssignment,
      leadAssigneeUserId: organization.leadAssigneeUserId,
      plan: subscriptions.plan,
      extraSeats: subscriptions.extraSeats,
    })
    .from(organization)
    .leftJoin(subscriptions, inWorkspace(subscriptions, organization.id))
    .where(eq(organization.id, me.workspaceId));
  if (!workspace) throw new Error(`workspace ${me.workspaceId} is gone`);
  const members = await listMembers(db, me.workspaceId);
  const invitations = await db
    .select({ id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, me.workspaceId),
        eq(invitation.status, 'pending'),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(invitation.createdAt), asc(invitation.id));
  const { plan, extraSeats, ...rest } = workspace;
  return {
    workspace: rest,
    me: {
      userId: me.userId,
      role: me.role,
      seesAllLeads: me.seesAllLeads,
      mayBulkSendAndExport: me.mayBulkSendAndExport,
    },
    members,
    invitations: may(me, 'manage-members')
      ? invitations.map((row) => ({ ...row, role: row.role as WorkspaceRole }))
      : [],
    seats: {
      total: seatCount(plan ?? 'free', extraSeats ?? 0),
      taken: members.length + invitations.length,
      plan: plan ?? 'free',
      /** Seats bought beyond the plan's own (Pro only). */
      extra: plan === 'pro' ? (extraSeats ?? 0) : 0,
    },
  };
}

export type WorkspaceView = Awaited<ReturnType<typeof readWorkspace>>;
