import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { buyerOffers, dealTerms } from '../db/schema';
import { inWorkspace, sameWorkspace } from '../db/workspace-scope';

/**
 * Each buyer's past with the workspace, one row per buyer who made an offer (a subquery to join on
 * buyer_id): `offers`, the offers they made on its deals; `closings`, the deals sold to them (a
 * proven closing: their offer is the deal's primary one, and the deal has a disposition, assigned
 * or double-closed). `exceptLeadId` leaves out one deal (the one being matched). Matching scores
 * the past response from it; sending gives proven buyers their first look.
 */
export function buyerTrackRecords(db: Database | Transaction, workspaceId: string, exceptLeadId?: string) {
  return db
    .select({
      buyerId: buyerOffers.buyerId,
      offers: sql<number>`count(*)::int`.as('offers'),
      closings: sql<number>`count(${dealTerms.leadId})::int`.as('closings'),
    })
    .from(buyerOffers)
    .leftJoin(
      dealTerms,
      and(
        eq(dealTerms.primaryBuyerOfferId, buyerOffers.id),
        sameWorkspace(dealTerms, buyerOffers),
        isNotNull(dealTerms.disposition),
      ),
    )
    .where(
      and(
        inWorkspace(buyerOffers, workspaceId),
        exceptLeadId === undefined ? undefined : ne(buyerOffers.leadId, exceptLeadId),
      ),
    )
    .groupBy(buyerOffers.buyerId)
    .as('track_record');
}
