import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { member, organization } from '../db/schema';
import { leadAssigneeSources, type LeadAssigneeSource } from './choose-lead-assignee';
import { recordLeadAssignment } from './record-lead-assignment';

/** A member whose seat is not suspended (a suspended member takes no new work until her Owner restores her). */
async function isActiveMember(tx: Transaction, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.userId, userId), isNull(member.suspendedAt)));
  return row !== undefined;
}

/**
 * The Acquisitions member served longest ago (never served first), marked served now, atomically:
 * the row is claimed with FOR UPDATE SKIP LOCKED, so concurrent leads take different members;
 * when every one is taken by a lead in flight, waits for the longest-unserved one rather than
 * leaving the rule. Null when the workspace has no Acquisitions member.
 */
async function nextRoundRobinMember(tx: Transaction, workspaceId: string, at: Date): Promise<string | null> {
  for (const skipLocked of [true, false]) {
    const [row] = await rowsOf<{ user_id: string }>(
      tx,
      sql`
        update member set last_assigned_at = ${at.toISOString()}::timestamptz
        where id = (
          select id from member
          where organization_id = ${workspaceId} and role = 'acquisitions' and suspended_at is null
          order by last_assigned_at asc nulls first, created_at, id
          limit 1
          for update ${skipLocked ? sql`skip locked` : sql``}
        )
        returning user_id`,
    );
    if (row) return row.user_id;
  }
  return null;
}

async function workspaceOwner(tx: Transaction, workspaceId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.role, 'owner')))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Gives a new lead of the workspace its assignee, inside the transaction that records it (the one
 * place new leads are assigned), never to a member whose seat is suspended: the member whose
 * personal page or offer link was answered, while still a member; else the workspace's rule (organization.lead_assignment): 'member' gives it to
 * lead_assignee_user_id while still a member, else to the Owner; 'round-robin' to the Acquisitions
 * member served longest ago (then as 'member' when there is none). The assignment is written to the
 * lead's history with no actor. Returns the assignee, or null when nobody could take it.
 */
export async function assignNewLead(
  tx: Transaction,
  {
    workspaceId,
    leadId,
    answeredMemberUserId,
    at,
  }: {
    workspaceId: string;
    leadId: string;
    /** Whose personal page or offer link the homeowner answered; null: the workspace's rule decides. */
    answeredMemberUserId: string | null;
    at: Date;
  },
): Promise<{ userId: string; name: string } | null> {
  const [workspace] = await tx
    .select({ rule: organization.leadAssignment, designated: organization.leadAssigneeUserId })
    .from(organization)
    .where(eq(organization.id, workspaceId));
  if (!workspace) return null;
  const tryTo: Record<LeadAssigneeSource, () => Promise<string | null>> = {
    'answered-member': async () =>
      answeredMemberUserId && (await isActiveMember(tx, workspaceId, answeredMemberUserId))
        ? answeredMemberUserId
        : null,
    'round-robin': () => nextRoundRobinMember(tx, workspaceId, at),
    'designated-member': async () =>
      workspace.designated && (await isActiveMember(tx, workspaceId, workspace.designated))
        ? workspace.designated
        : null,
    owner: () => workspaceOwner(tx, workspaceId),
  };
  for (const source of leadAssigneeSources({ answeredMember: answeredMemberUserId !== null, rule: workspace.rule })) {
    const assigneeUserId = await tryTo[source]();
    if (assigneeUserId) return recordLeadAssignment(tx, { leadId, assigneeUserId, actorUserId: null, at });
  }
  return null;
}
