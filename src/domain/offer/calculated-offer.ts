import type { MarketValueSource } from '../arv/market-value-source';
import type { OfferRange, OfferReceipt } from './compute-offer-range';
import type { CalculationInput } from './offer-request-schema';

/**
 * An offer as the calculator computed it: the inputs as entered, the total of their selected
 * repairs (dollars, cents-rounded), the offer range (whole dollars) and where the market value
 * came from. The figures always belong
 * to these inputs: the calculator drops the offer on any edit.
 */
export interface CalculatedOffer {
  input: CalculationInput;
  totalRepairCost: number;
  offerRange: OfferRange;
  /** How offerRange was computed, step by step (its range is offerRange). */
  receipt: OfferReceipt;
  /** Where input.marketValue came from: typed, or the ARV from comps with those comps (issue 38). */
  marketValueSource: MarketValueSource;
}
