import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { leads, offerLinks } from '../db/schema';
import { leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { readLeadFollowUp } from '../follow-ups/read-follow-ups';
import { leadNotFound } from './find-owned-lead';
import { memberNames } from './lead-member-names';
import { leadView } from './lead-view';
import { listLeadEvents } from './list-lead-events';

/**
 * A lead the member sees, with its assignee, the newest page of its history (events, oldest
 * first, each with its actor; earlierCursor for GET /{id}/events?before= when there is more), the
 * form's other fields (condition, timeframe…) and the repairs of the offer it answered (total in
 * dollars; none when the lead came from a personal page); 404 for a lead they do not see.
 */
export async function getLead(db: Database, member: LeadReader, leadId: string) {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!lead) throw leadNotFound();
  const { events, earlierCursor } = await listLeadEvents(db, member, lead.id);
  const [link] = lead.offerLinkId
    ? await db
        .select({ repairs: offerLinks.repairs, totalRepairCost: offerLinks.totalRepairCost })
        .from(offerLinks)
        .where(eq(offerLinks.id, lead.offerLinkId))
    : [];
  const names = await memberNames(db, member.workspaceId, [lead.assigneeUserId]);
  const { notificationEmailId: _internal, ...details } = lead.details;
  return {
    lead: {
      ...leadView(lead, names.get(lead.assigneeUserId ?? '') ?? null),
      details,
      repairs: link?.repairs.map(({ name, cost }) => ({ name, cost })) ?? [],
      totalRepairCost: link?.totalRepairCost ?? 0,
    },
    events,
    earlierCursor,
    followUp: await readLeadFollowUp(db, lead.id),
  };
}
