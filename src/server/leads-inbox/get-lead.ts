import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dealTerms, leads } from '../db/schema';
import { leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { readLeadFollowUp } from '../follow-ups/read-follow-ups';
import { leadNotFound } from './find-owned-lead';
import { memberNames } from './lead-member-names';
import { leadView } from './lead-view';
import { listLeadEvents } from './list-lead-events';
import { readDealFigures } from './read-deal-figures';

/**
 * A lead the member sees, with its assignee, the newest page of its history (events, oldest
 * first, each with its actor; earlierCursor for GET /{id}/events?before= when there is more), the
 * form's other fields (condition, timeframe…), the deal's repairs (readDealFigures: its saved
 * property's, else its newest offer's; total in dollars), its contract and closing terms; 404 for
 * a lead they do not see.
 */
export async function getLead(db: Database, member: LeadReader, leadId: string) {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!lead) throw leadNotFound();
  const { events, earlierCursor } = await listLeadEvents(db, member, lead.id);
  const deal = await readDealFigures(db, lead);
  const [terms] = await db
    .select({
      contractPrice: dealTerms.contractPrice,
      contractDate: dealTerms.contractDate,
      closingDate: dealTerms.closingDate,
      titleCompany: dealTerms.titleCompany,
      earnestMoney: dealTerms.earnestMoney,
      amountReceived: dealTerms.amountReceived,
      closedOn: dealTerms.closedOn,
    })
    .from(dealTerms)
    .where(eq(dealTerms.leadId, lead.id));
  const names = await memberNames(db, member.workspaceId, [lead.assigneeUserId]);
  const { notificationEmailId: _internal, ...details } = lead.details;
  return {
    lead: {
      ...leadView(lead, names.get(lead.assigneeUserId ?? '') ?? null),
      details,
      // The deal's figures as they stand: its saved property's, else its newest offer's (issue 42 §4).
      repairs: deal.repairs,
      totalRepairCost: deal.totalRepairCost,
      dealFigures: { source: deal.source, formula: deal.formula },
      /** The deal's contract and closing terms (dollars, dates YYYY-MM-DD); null: none recorded yet. */
      dealTerms: terms ?? null,
    },
    events,
    earlierCursor,
    followUp: await readLeadFollowUp(db, lead.id),
  };
}
