import { eq } from 'drizzle-orm';
import type { LeadStatus } from '../../domain/leads/lead-status';
import type { Database } from '../db/database';
import { leadEvents, leads } from '../db/schema';
import { lockOwnedLead } from './find-owned-lead';
import { leadView } from './lead-view';

/**
 * Moves the user's lead to `status` and keeps the change with its time in the lead's history;
 * the row lock orders concurrent changes, so each event's from-status is the one it replaced.
 * Setting the status it already has changes nothing and records nothing.
 */
export async function changeLeadStatus(db: Database, userId: string, leadId: string, status: LeadStatus) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, userId, leadId);
    if (lead.status === status) return leadView(lead);
    const at = new Date();
    const [updated] = await tx.update(leads).set({ status, updatedAt: at }).where(eq(leads.id, lead.id)).returning();
    await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: 'status', fromStatus: lead.status, toStatus: status, createdAt: at });
    if (!updated) throw new Error('lead update returned no row');
    return leadView(updated);
  });
}
