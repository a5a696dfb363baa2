import { dispositionMessages, type DealDispositionInput } from '#domain/deals/disposition-requests.ts';
import { computeFeeLedger } from '#domain/deals/fee-ledger.ts';
import type { Database } from '../db/database';
import type { LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { moveLeadStatus } from '../leads-inbox/change-lead-status';
import { changeContractedDeal } from './contracted-deal';

/**
 * Marks a deal under contract assigned or double-closed, at its price and on its day (decision
 * 042): the deal's closing terms become the sale's (closed on its day, the fee received: price −
 * contract price), and a lead not yet Closed moves there through the pipeline's own status change
 * (its history event, its follow-ups stopped), all in one transaction under the lead's lock.
 * 409 without a contract price. Recording it again corrects the sale.
 */
export async function recordDealSale(db: Database, member: LeadReader, leadId: string, sale: DealDispositionInput) {
  return changeContractedDeal(db, member, leadId, async (tx, lead, terms) => {
    const contractPrice = terms?.contractPrice ?? null;
    if (contractPrice === null) throw new Refusal(409, dispositionMessages.contractPriceFirst);
    const { fee } = computeFeeLedger({
      contractPrice,
      disposition: sale.disposition,
      dispositionPrice: sale.price,
      primaryOfferAmount: null,
      marketingCost: null,
      earnestMoneyLost: null,
      closingCosts: null,
    });
    if (lead.status !== 'closed') await moveLeadStatus(tx, member, lead, 'closed', new Date());
    return {
      terms: {
        disposition: sale.disposition,
        dispositionPrice: sale.price,
        disposedOn: sale.disposedOn,
        closedOn: sale.disposedOn,
        amountReceived: fee,
      },
      result: { ...sale, fee },
    };
  });
}
