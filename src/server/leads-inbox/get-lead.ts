import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { leads, offerLinks } from '../db/schema';
import { Refusal } from '../http/refusal';
import { leadMessages } from './find-owned-lead';
import { leadView } from './lead-view';
import { listLeadEvents } from './list-lead-events';

/**
 * The user's lead with the newest page of its history (events, oldest first; earlierCursor for
 * GET /{id}/events?before= when there is more), the form's other fields (condition, timeframe…) and the
 * repairs of the offer it answered (total in dollars; none when the lead came from a personal
 * page); 404 for anyone else's.
 */
export async function getLead(db: Database, userId: string, leadId: string) {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.ownerUserId, userId)));
  if (!lead) throw new Refusal(404, leadMessages.notFound, { code: 'lead-not-found' });
  const { events, earlierCursor } = await listLeadEvents(db, userId, lead.id);
  const [link] = lead.offerLinkId
    ? await db
        .select({ repairs: offerLinks.repairs, totalRepairCost: offerLinks.totalRepairCost })
        .from(offerLinks)
        .where(eq(offerLinks.id, lead.offerLinkId))
    : [];
  const { notificationEmailId: _internal, ...details } = lead.details;
  return {
    lead: {
      ...leadView(lead),
      details,
      repairs: link?.repairs.map(({ name, cost }) => ({ name, cost })) ?? [],
      totalRepairCost: link?.totalRepairCost ?? 0,
    },
    events,
    earlierCursor,
  };
}
