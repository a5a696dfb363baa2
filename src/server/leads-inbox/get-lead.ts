import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { leadEvents, leads, offerLinks } from '../db/schema';
import { Refusal } from '../http/refusal';
import { leadMessages } from './find-owned-lead';
import { leadView } from './lead-view';

type LeadEventRow = typeof leadEvents.$inferSelect;

/** One entry of a lead's history, oldest first: offer → answer → revised offer → answer…, status changes and notes. */
export function leadEventView(event: LeadEventRow) {
  return {
    id: event.id,
    kind: event.kind,
    responseKind: event.responseKind,
    amount: event.amount,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    offerRange:
      event.offerLow === null || event.offerHigh === null ? null : { low: event.offerLow, high: event.offerHigh },
    text: event.text,
    createdAt: event.createdAt.toISOString(),
  };
}

/**
 * The user's lead with its history, the form's other fields (condition, timeframe…) and the
 * repairs of the offer it answered (total in dollars; none when the lead came from a personal
 * page); 404 for anyone else's.
 */
export async function getLead(db: Database, userId: string, leadId: string) {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.ownerUserId, userId)));
  if (!lead) throw new Refusal(404, leadMessages.notFound, { code: 'lead-not-found' });
  const events = await db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.leadId, lead.id))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
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
    events: events.map(leadEventView),
  };
}
