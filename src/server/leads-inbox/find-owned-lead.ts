import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { leads } from '../db/schema';
import { Refusal } from '../http/refusal';

export const leadMessages = { notFound: 'Lead not found' } as const;

/**
 * The user's own lead, locked for the rest of the transaction; another user's lead, a public
 * calculator lead and an unknown id are all the same 404, so ids reveal nothing.
 */
export async function lockOwnedLead(tx: Transaction, userId: string, leadId: string) {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.ownerUserId, userId)))
    .for('update');
  if (!lead) throw new Refusal(404, leadMessages.notFound, { code: 'lead-not-found' });
  return lead;
}
