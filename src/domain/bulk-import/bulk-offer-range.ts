import { computeOfferRange, type OfferFormula, type OfferRange } from '../offer/compute-offer-range';
import type { BulkImportProperty } from './bulk-import-property';

/**
 * A bulk offer's range in whole dollars: §5's simple offer (marketValue × arv − profits), less
 * the row's repairs × the template's repair multiplier when the list gave repairs (issue 41), as
 * the calculator computes it. The import and the server's recomputation both use it.
 */
export function bulkOfferRange(
  property: Pick<BulkImportProperty, 'marketValue' | 'repairs'>,
  template: OfferFormula,
): OfferRange {
  return computeOfferRange({ marketValue: property.marketValue, totalRepairCost: property.repairs ?? 0, template });
}
