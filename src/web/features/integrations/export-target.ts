import type { ExportSource } from '#domain/integrations/export-request-schema.ts';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { offerIsWorkable, type OfferRange } from '#domain/offer/compute-offer-range.ts';

/** What an export button exports: the source the server reads, and the figures shown in its dialogs. */
export interface ExportTarget {
  source: ExportSource;
  summary: { address: string; marketValue: number; totalRepairCost: number; offerRange: OfferRange };
}

/** The calculator's current offer, or null without a workable range: the buttons then say 'Please enter property details first' (§5). */
export function exportTargetFromOffer(offer: CalculatedOffer | null): ExportTarget | null {
  if (!offer || !offerIsWorkable(offer.offerRange)) return null;
  return {
    // The server recomputes the figures from these inputs.
    source: { kind: 'calculation', calculation: offer.input },
    summary: {
      address: offer.input.address,
      marketValue: offer.input.marketValue,
      totalRepairCost: offer.totalRepairCost,
      offerRange: offer.offerRange,
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
