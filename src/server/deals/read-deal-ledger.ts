import { and, eq } from 'drizzle-orm';
import type { DealDisposition } from '#domain/deals/deal-disposition.ts';
import { computeFeeLedger } from '#domain/deals/fee-ledger.ts';
import type { Database, Transaction } from '../db/database';
import { buyerOffers, dealTerms } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

/** The deal_terms columns the fee ledger and the sale are read from. */
export const ledgerColumns = {
  contractPrice: dealTerms.contractPrice,
  disposition: dealTerms.disposition,
  dispositionPrice: dealTerms.dispositionPrice,
  disposedOn: dealTerms.disposedOn,
  marketingCost: dealTerms.marketingCost,
  earnestMoneyLost: dealTerms.earnestMoneyLost,
  closingCosts: dealTerms.closingCosts,
  primaryOfferAmount: buyerOffers.amount,
};

/** A row of ledgerColumns (dollars, dates YYYY-MM-DD). */
export interface LedgerRow {
  contractPrice: number | null;
  disposition: DealDisposition | null;
  dispositionPrice: number | null;
  disposedOn: string | null;
  marketingCost: number | null;
  earnestMoneyLost: number | null;
  closingCosts: number | null;
  primaryOfferAmount: number | null;
}

/**
 * The fee ledger of a lead the caller already found in the workspace (computeFeeLedger over its
 * deal_terms and its primary buyer's offer); a lead without terms has an empty ledger.
 */
export async function readDealLedger(db: Database | Transaction, workspaceId: string, leadId: string) {
  const [row] = await db
    .select(ledgerColumns)
    .from(dealTerms)
    .leftJoin(buyerOffers, eq(buyerOffers.id, dealTerms.primaryBuyerOfferId))
    .where(and(eq(dealTerms.leadId, leadId), inWorkspace(dealTerms, workspaceId)));
  return dealLedgerOf(row);
}

/** The ledger of a row of ledgerColumns (undefined: the lead has no terms yet), with the sale as recorded. */
export function dealLedgerOf(row: LedgerRow | undefined) {
  const ledger = computeFeeLedger({
    contractPrice: row?.contractPrice ?? null,
    disposition: row?.disposition ?? null,
    dispositionPrice: row?.dispositionPrice ?? null,
    primaryOfferAmount: row?.primaryOfferAmount ?? null,
    marketingCost: row?.marketingCost ?? null,
    earnestMoneyLost: row?.earnestMoneyLost ?? null,
    closingCosts: row?.closingCosts ?? null,
  });
  const sale =
    row?.disposition && row.dispositionPrice !== null && row.disposedOn
      ? { disposition: row.disposition, price: row.dispositionPrice, disposedOn: row.disposedOn }
      : null;
  return { ledger, sale };
}
