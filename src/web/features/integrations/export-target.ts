import type { ExportSource } from '../../../domain/integrations/export-request-schema';
import { offerIsWorkable, type OfferRange } from '../../../domain/offer/compute-offer-range';
import type { ComputedOffer } from '../calculator/calculator-state';

/** What an export button exports: the source the server reads, and the figures shown in its dialogs. */
export interface ExportTarget {
  source: ExportSource;
  summary: { address: string; marketValue: number; totalRepairCost: number; offerRange: OfferRange };
}

/** The calculator's current offer, or null without a usable range (§5: 'Please enter property details first'). */
export function exportTargetFromOffer(offer: ComputedOffer | null): ExportTarget | null {
  if (!offer || !offerIsWorkable(offer.range)) return null;
  return {
    // The server recomputes the figures from these inputs.
    source: {
      kind: 'calculation',
      calculation: {
        address: offer.address,
        marketValue: offer.marketValue,
        repairs: offer.repairs,
        template: offer.template,
      },
    },
    summary: {
      address: offer.address,
      marketValue: offer.marketValue,
      totalRepairCost: offer.totalRepairCost,
      offerRange: offer.range,
    },
  };
}

/** A saved property, by id: the server reads the row it stored. */
export function exportTargetFromSaved(property: {
  id: string;
  address: string;
  marketValue: number;
  totalRepairCost: number;
  cashOfferLow: number;
  cashOfferHigh: number;
}): ExportTarget {
  return {
    source: { kind: 'saved', savedPropertyId: property.id },
    summary: {
      address: property.address,
      marketValue: property.marketValue,
      totalRepairCost: property.totalRepairCost,
      offerRange: { low: property.cashOfferLow, high: property.cashOfferHigh },
    },
  };
}
