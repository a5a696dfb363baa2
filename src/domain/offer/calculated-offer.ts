import type { OfferRange, OfferReceipt } from './compute-offer-range';
import type { CalculationInput } from './offer-request-schema';

/**
 * An offer as the calculator computed it: the inputs as entered, the total of their selected
 * repairs (dollars, cents-rounded) and the offer range (whole dollars). The figures always belong
 * to these inputs: the calculator drops the offer on any edit.
 */
export interface CalculatedOffer {
  input: CalculationInput;
  totalRepairCost: number;
  offerRange: OfferRange;
  /** How offerRange was computed, step by step (its range is offerRange). */
  receipt: OfferReceipt;
}
