import { and, eq, inArray } from 'drizzle-orm';
import { dispositionMessages, type BuyerChoice } from '#domain/deals/disposition-requests.ts';
import type { Database } from '../db/database';
import { buyerOffers } from '../db/schema';
import { inWorkspace, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { changeContractedDeal } from './contracted-deal';

export const offerNotFound = () => new Refusal(404, dispositionMessages.offerNotFound, { code: 'not-found' });

/**
 * Chooses the deal's primary and backup buyers from its offers (null clears one), atomically under
 * the lead's lock: each id must be an offer made on this lead in the workspace (another lead's or
 * another workspace's offer is a 404, nothing changed); the two differ (the schema, and the
 * deal_terms_buyers_differ constraint).
 */
export async function chooseDealBuyers(db: Database, member: LeadReader, leadId: string, choice: BuyerChoice) {
  return changeContractedDeal(db, member, leadId, async (tx, lead) => {
    const ids = [choice.primaryOfferId, choice.backupOfferId].filter((id): id is string => id !== null);
    if (ids.length > 0) {
      const found = await tx
        .select({ id: buyerOffers.id })
        .from(buyerOffers)
        .where(and(inArray(buyerOffers.id, ids), eq(buyerOffers.leadId, lead.id), inWorkspace(buyerOffers, member)));
      if (found.length !== ids.length) throw offerNotFound();
    }
    return {
      terms: { primaryBuyerOfferId: choice.primaryOfferId, backupBuyerOfferId: choice.backupOfferId },
      result: choice,
    };
  });
}
