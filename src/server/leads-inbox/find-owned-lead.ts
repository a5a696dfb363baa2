import { and, eq, type SQL } from 'drizzle-orm';
import type { WorkspaceMember } from '../../domain/workspaces/roles';
import type { Transaction } from '../db/database';
import { leads } from '../db/schema';
import { Refusal } from '../http/refusal';

export const leadMessages = { notFound: 'Lead not found' } as const;

/** Who reads a lead: their workspace, and whether they see all its leads or only those assigned to them. */
export type LeadReader = Pick<WorkspaceMember, 'workspaceId' | 'userId' | 'seesAllLeads'>;

/**
 * The leads a member sees: their workspace's, and of those only the ones assigned to them when
 * their switch says "only leads assigned to them".
 */
export function leadsVisibleTo(member: LeadReader): SQL {
  const inWorkspace = eq(leads.workspaceId, member.workspaceId);
  return member.seesAllLeads ? inWorkspace : and(inWorkspace, eq(leads.assigneeUserId, member.userId))!;
}

export const leadNotFound = () => new Refusal(404, leadMessages.notFound, { code: 'lead-not-found' });

/**
 * A lead the member sees, locked for the rest of the transaction; another workspace's lead, one
 * not assigned to a member who sees only theirs, a public calculator lead and an unknown id are
 * all the same 404, so ids reveal nothing.
 */
export async function lockOwnedLead(tx: Transaction, member: LeadReader, leadId: string) {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)))
    .for('update');
  if (!lead) throw leadNotFound();
  return lead;
}
