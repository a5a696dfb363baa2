import type { DealDisposition } from './deal-disposition';

/** What a deal's fee ledger is computed from (dollars; null: not recorded). */
export interface FeeLedgerInput {
  /** The price agreed with the seller. */
  contractPrice: number | null;
  /** How the contract was sold; null while it is not yet. */
  disposition: DealDisposition | null;
  /** The assignment price, or the resale price of a double close. */
  dispositionPrice: number | null;
  /** Before the deal is sold: the primary buyer's offer, shown as the fee it would bring. */
  primaryOfferAmount: number | null;
  marketingCost: number | null;
  earnestMoneyLost: number | null;
  /** The wholesaler's own closing costs: only a double close has them (an assignment's are the buyer's). */
  closingCosts: number | null;
}

export interface FeeLedger {
  contractPrice: number | null;
  /** The assignment or resale price; before the sale, the primary buyer's offer (projected). */
  salePrice: number | null;
  /** Whether salePrice is the primary buyer's offer rather than a recorded sale. */
  projected: boolean;
  /** The fee: what the buyer pays over the contract price (sale price − contract price); null when either is unknown. */
  fee: number | null;
  costs: { marketing: number; earnestMoneyLost: number; closingCosts: number; total: number };
  /** What the wholesaler keeps: the fee less the costs. */
  netFee: number | null;
}

const cents = (dollars: number | null) => Math.round((dollars ?? 0) * 100);

/**
 * A deal's fee ledger (issue 39 §7), in dollars rounded to cents (computed in whole cents):
 * fee = sale price − contract price (the assignment price for an assignment, the resale price for
 * a double close; before either, the primary buyer's offer, marked projected); costs = marketing +
 * earnest money lost + closing costs (counted for a double close only); net fee = fee − costs.
 * A fee may be negative (a deal sold under its contract price).
 */
export function computeFeeLedger(input: FeeLedgerInput): FeeLedger {
  const sold = input.disposition !== null && input.dispositionPrice !== null;
  const salePrice = sold ? input.dispositionPrice : input.primaryOfferAmount;
  const closingCents = input.disposition === 'double-closed' ? cents(input.closingCosts) : 0;
  const costCents = cents(input.marketingCost) + cents(input.earnestMoneyLost) + closingCents;
  const feeCents =
    input.contractPrice === null || salePrice === null ? null : cents(salePrice) - cents(input.contractPrice);
  return {
    contractPrice: input.contractPrice,
    salePrice,
    projected: !sold && salePrice !== null,
    fee: feeCents === null ? null : feeCents / 100,
    costs: {
      marketing: cents(input.marketingCost) / 100,
      earnestMoneyLost: cents(input.earnestMoneyLost) / 100,
      closingCosts: closingCents / 100,
      total: costCents / 100,
    },
    netFee: feeCents === null ? null : (feeCents - costCents) / 100,
  };
}
