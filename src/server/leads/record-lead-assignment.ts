import { eq, sql } from 'drizzle-orm';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import type { Transaction } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { leadEvents, leads, user } from '../db/schema';

/**
 * Gives the lead to `assigneeUserId` and writes it to the lead's history (kind 'assignment',
 * text: the member's name; actor: who did it, null for the workspace's rule). Inside the caller's
 * transaction, so the lead never changes hands without its history saying so. Returns the name.
 */
export async function recordLeadAssignment(
  tx: Transaction,
  {
    leadId,
    assigneeUserId,
    actorUserId,
    at,
  }: { leadId: string; assigneeUserId: string; actorUserId: string | null; at: Date },
): Promise<{ userId: string; name: string }> {
  const leadWorkspace = sql`(select ${leads.workspaceId} from ${leads} where ${leads.id} = ${leadId})`;
  const [assignee] = await tx
    .select({ name: memberNameSql(leadWorkspace) })
    .from(user)
    .where(eq(user.id, assigneeUserId));
  const name = memberNameOrNeutral(assignee?.name);
  await tx.update(leads).set({ assigneeUserId, updatedAt: at }).where(eq(leads.id, leadId));
  await tx.insert(leadEvents).values({ leadId, kind: 'assignment', text: name, actorUserId, createdAt: at });
  return { userId: assigneeUserId, name };
}
