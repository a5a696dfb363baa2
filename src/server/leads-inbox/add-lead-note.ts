import { and, count, eq } from 'drizzle-orm';
import { leadNoteMessages, MAX_LEAD_NOTES } from '#domain/leads/lead-inbox-requests.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { leadEvents, leads } from '../db/schema';
import { Refusal } from '../http/refusal';
import { lockOwnedLead } from './find-owned-lead';
import { memberNames } from './lead-member-names';
import { leadEventView } from './lead-view';
import { assertMayWorkLead } from './may-work-lead';

/**
 * Adds a free-text note by the member to a lead they see (kept in its history with its time and
 * its author), at most MAX_LEAD_NOTES (200) a lead, then 409 { code: 'lead-notes-full' }; 404 for a
 * lead they do not see, 403 when their role may not work it (assertMayWorkLead).
 */
export async function addLeadNote(db: Database, member: WorkspaceMember, leadId: string, text: string) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    assertMayWorkLead(member, lead.status);
    // Counted under the lead's row lock, so concurrent notes cannot pass the cap together.
    const [notes] = await tx
      .select({ count: count() })
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.kind, 'note')));
    if ((notes?.count ?? 0) >= MAX_LEAD_NOTES) {
      throw new Refusal(409, leadNoteMessages.tooMany, { code: 'lead-notes-full' });
    }
    const at = new Date();
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: 'note', text, actorUserId: member.userId, createdAt: at })
      .returning();
    // Touching the lead announces the change on its workspace's live feed.
    await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, lead.id));
    if (!event) throw new Error('lead_events insert returned no row');
    return leadEventView(
      event,
      (await memberNames(tx, member.workspaceId, [member.userId])).get(member.userId) ?? null,
    );
  });
}
