import type { MarketValueFromComps } from '../offer/offer-receipt-lines';
import type { SavedArvComps } from './arv-request-schema';

/**
 * What a receipt says of a market value taken from comps: the kept estimate's comp count, 80 %
 * range and confidence when the market value is that estimate's ARV (in whole dollars, as
 * "Use this ARV" put it); undefined when there is no estimate or the value was typed instead.
 */
export function marketValueFromComps(
  arvComps: SavedArvComps | null | undefined,
  marketValue: number,
): MarketValueFromComps | undefined {
  const estimate = arvComps?.estimate;
  if (!estimate || estimate.arv !== marketValue) return undefined;
  return { compCount: estimate.used.length, low: estimate.low, high: estimate.high, confidence: estimate.confidence };
}
