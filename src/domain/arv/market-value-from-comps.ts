import type { MarketValueFromComps } from '../offer/offer-receipt-lines';
import type { SavedArvComps } from './arv-request-schema';
import { arvCompsOf, storedMarketValueSource, type MarketValueSource } from './market-value-source';

/**
 * What a receipt says of a market value taken from comps: the estimate's comp count, 80 % range
 * and confidence (dollars, as "Use this ARV" put them); undefined when the value was typed.
 */
export function marketValueFromCompsOf(source: MarketValueSource | undefined): MarketValueFromComps | undefined {
  const estimate = arvCompsOf(source)?.estimate;
  if (!estimate) return undefined;
  return { compCount: estimate.used.length, low: estimate.low, high: estimate.high, confidence: estimate.confidence };
}

/** What a receipt says of a saved property's market value (marketValueFromCompsOf its stored source). */
export function marketValueFromComps(
  arvComps: SavedArvComps | null | undefined,
  marketValue: number,
): MarketValueFromComps | undefined {
  return marketValueFromCompsOf(storedMarketValueSource(arvComps, marketValue));
}
