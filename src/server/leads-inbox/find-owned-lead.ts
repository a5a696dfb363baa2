import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { leads } from '../db/schema';
import { leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';

export const leadMessages = { notFound: 'Lead not found' } as const;

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
