import { eq, sql } from 'drizzle-orm';
import type { LeadStatusChange } from '#domain/leads/lead-inbox-requests.ts';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database, Transaction } from '../db/database';
import { dealTerms, leadEvents, leads } from '../db/schema';
import { stopFollowUpsOnStatus } from '../follow-ups/stop-on-status';
import { lockOwnedLead } from './find-owned-lead';
import { memberNames } from './lead-member-names';
import { leadView } from './lead-view';
import { assertMayWorkLead } from './may-work-lead';

/**
 * Moves a lead the member sees to `status` and keeps the change with its time and the member in
 * the lead's history (403 when their role may not work it: assertMayWorkLead, on its current status);
 * the row lock orders concurrent changes, so each event's from-status is the one it replaced.
 * Under Contract writes the contract terms and Closed what was received into the lead's deal_terms
 * in the same transaction (issue 42 §4). Setting the status it already has records nothing in the
 * history (its terms, when given, are corrected).
 */
export async function changeLeadStatus(
  db: Database,
  member: WorkspaceMember,
  leadId: string,
  { status, contract, closing }: LeadStatusChange,
) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    assertMayWorkLead(member, lead.status);
    const assigneeName = async () =>
      (await memberNames(tx, member.workspaceId, [lead.assigneeUserId])).get(lead.assigneeUserId ?? '') ?? null;
    const at = new Date();
    const terms = contract ?? closing;
    if (terms) {
      await tx
        .insert(dealTerms)
        .values({ leadId: lead.id, workspaceId: member.workspaceId, ...terms, updatedAt: at })
        .onConflictDoUpdate({ target: dealTerms.leadId, set: { ...terms, updatedAt: sql`excluded.updated_at` } });
    }
    if (lead.status === status) {
      if (!terms) return leadView(lead, await assigneeName());
      // Touching the lead announces the corrected terms on its workspace's live feed.
      const [touched] = await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, lead.id)).returning();
      return leadView(touched ?? lead, await assigneeName());
    }
    const updated = await moveLeadStatus(tx, member, lead, status, at);
    return leadView(updated, await assigneeName());
  });
}

/**
 * Inside the caller's transaction, on a lead it locked: moves it to `status`, writes the change to
 * its history with the member, and stops the follow-ups its new status ends. Returns the row.
 */
export async function moveLeadStatus(
  tx: Transaction,
  member: Pick<WorkspaceMember, 'userId'>,
  lead: typeof leads.$inferSelect,
  status: LeadStatus,
  at: Date,
) {
  const [updated] = await tx.update(leads).set({ status, updatedAt: at }).where(eq(leads.id, lead.id)).returning();
  await tx.insert(leadEvents).values({
    leadId: lead.id,
    kind: 'status',
    fromStatus: lead.status,
    toStatus: status,
    actorUserId: member.userId,
    createdAt: at,
  });
  if (!updated) throw new Error('lead update returned no row');
  // Someone is working the lead: a first offer's follow-ups stop past New; a nurture keeps writing
  // until the lead is Under Contract or Closed (issue 42 §3).
  await stopFollowUpsOnStatus(tx, {
    leadId: lead.id,
    status,
    at: new Date(at.getTime() + 1),
    actorUserId: member.userId,
  });
  return updated;
}
