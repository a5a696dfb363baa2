import { computeOfferReceipt, type NamedOfferFormula, type OfferRange, type OfferReceipt } from './compute-offer-range';

/** One repair as an offer shows it: name and cost in dollars. */
export interface OfferRepair {
  name: string;
  cost: number;
}

/** An offer as it was made and is shown to the homeowner; figures in dollars, range in whole dollars. */
export interface OfferSnapshot {
  address: string;
  marketValue: number;
  /** The selected repairs only. */
  repairs: OfferRepair[];
  totalRepairCost: number;
  /** The formula template's name ('' when unknown). */
  templateName: string;
  offerRange: OfferRange;
  /** The formula offerRange was computed with; null when the range was set by hand (a revised offer) or not kept. */
  formula: NamedOfferFormula | null;
}

/**
 * How an offer kept with its formula was computed: the same computation over the same inputs.
 * Null when its formula was not kept, or when the range no longer is the formula's (set by hand).
 */
export function snapshotReceipt(
  offer: Pick<OfferSnapshot, 'marketValue' | 'totalRepairCost' | 'offerRange' | 'formula'>,
): OfferReceipt | null {
  if (!offer.formula) return null;
  const receipt = computeOfferReceipt({
    marketValue: offer.marketValue,
    totalRepairCost: offer.totalRepairCost,
    template: offer.formula,
  });
  const { low, high } = offer.offerRange;
  return receipt.range.low === low && receipt.range.high === high ? receipt : null;
}
