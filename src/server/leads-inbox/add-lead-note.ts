import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { leadEvents, leads } from '../db/schema';
import { leadEventView } from './get-lead';
import { lockOwnedLead } from './find-owned-lead';

/** Adds a free-text note to the user's lead (kept in its history with its time); 404 for anyone else's. */
export async function addLeadNote(db: Database, userId: string, leadId: string, text: string) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, userId, leadId);
    const at = new Date();
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: 'note', text, createdAt: at })
      .returning();
    // Touching the lead announces the change on its owner's live feed.
    await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, lead.id));
    if (!event) throw new Error('lead_events insert returned no row');
    return leadEventView(event);
  });
}
