import { and, desc, eq } from 'drizzle-orm';
import { proofOfFundsCovers } from '#domain/deals/disposition-requests.ts';
import type { Database } from '../db/database';
import { buyerOffers, buyers, dealTerms, leads } from '../db/schema';
import { inWorkspace, leadsVisibleTo, sameWorkspace, type LeadReader } from '../db/workspace-scope';
import { dealLedgerOf, ledgerColumns } from '../deals/read-deal-ledger';
import { leadNotFound } from '../leads-inbox/find-owned-lead';

/** The most offers one deal lists, newest first. */
export const OFFERS_LISTED = 100;

/**
 * A lead's dispositions (issue 39 §6–7): its buyers' offers newest first (buyer, amount, proof of
 * funds amount and whether it backs the offer, when each came), the chosen primary and backup, the
 * buyer's earnest money as asked and as it arrived, the sale and the fee ledger. 404 for a lead the
 * member does not see. Dollars; dates YYYY-MM-DD; times ISO 8601.
 */
export async function readDealDispositions(db: Database, member: LeadReader, leadId: string) {
  const [lead] = await db
    .select({
      id: leads.id,
      status: leads.status,
      primaryOfferId: dealTerms.primaryBuyerOfferId,
      backupOfferId: dealTerms.backupBuyerOfferId,
      earnestMoneyAsked: dealTerms.buyerEarnestMoney,
      earnestMoneyReceived: dealTerms.buyerEarnestMoneyReceived,
      earnestMoneyReceivedOn: dealTerms.buyerEarnestMoneyReceivedOn,
      ...ledgerColumns,
    })
    .from(leads)
    .leftJoin(dealTerms, eq(dealTerms.leadId, leads.id))
    .leftJoin(buyerOffers, eq(buyerOffers.id, dealTerms.primaryBuyerOfferId))
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!lead) throw leadNotFound();

  const offers = await db
    .select({
      id: buyerOffers.id,
      buyerId: buyerOffers.buyerId,
      buyerName: buyers.name,
      company: buyers.company,
      amount: buyerOffers.amount,
      proofOfFundsAmount: buyerOffers.proofOfFundsAmount,
      proofOfFundsFileKey: buyerOffers.proofOfFundsFileKey,
      contactName: buyerOffers.contactName,
      contactEmail: buyerOffers.contactEmail,
      contactPhone: buyerOffers.contactPhone,
      message: buyerOffers.message,
      createdAt: buyerOffers.createdAt,
    })
    .from(buyerOffers)
    .innerJoin(buyers, and(eq(buyers.id, buyerOffers.buyerId), sameWorkspace(buyers, buyerOffers)))
    .where(and(eq(buyerOffers.leadId, lead.id), inWorkspace(buyerOffers, member)))
    .orderBy(desc(buyerOffers.createdAt), desc(buyerOffers.id))
    .limit(OFFERS_LISTED);

  const { ledger, sale } = dealLedgerOf(lead);
  return {
    lead: { id: lead.id, status: lead.status },
    offers: offers.map(({ proofOfFundsFileKey, createdAt, ...offer }) => {
      const hasProofFile = proofOfFundsFileKey !== null;
      return {
        ...offer,
        hasProofFile,
        proofCovers: proofOfFundsCovers({ ...offer, hasProofFile }),
        receivedAt: createdAt.toISOString(),
      };
    }),
    primaryOfferId: lead.primaryOfferId,
    backupOfferId: lead.backupOfferId,
    earnestMoney: {
      asked: lead.earnestMoneyAsked,
      received: lead.earnestMoneyReceived,
      receivedOn: lead.earnestMoneyReceivedOn,
    },
    costs: {
      marketingCost: lead.marketingCost,
      earnestMoneyLost: lead.earnestMoneyLost,
      closingCosts: lead.closingCosts,
    },
    sale,
    ledger,
  };
}
