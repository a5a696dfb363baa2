import type { OfferRange } from './compute-offer-range';

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
}
