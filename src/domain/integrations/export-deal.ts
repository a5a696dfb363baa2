import { computeOfferRange, namedFormula, type NamedOfferFormula, type OfferRange } from '../offer/compute-offer-range';
import type { CalculationInput } from '../offer/offer-request-schema';
import { calculationRepairs } from '../repairs/repair-estimate';

/** One repair line of an export: name and cost in dollars. */
export interface ExportRepair {
  name: string;
  cost: number;
}

/** The deal an export describes: dollars throughout; repairs are the selected ones only, in checklist order. */
export interface ExportDeal {
  address: string;
  marketValue: number;
  totalRepairCost: number;
  repairs: ExportRepair[];
  offerRange: OfferRange;
  /** The formula the range was computed with; null when it was not kept (older rows) or set by hand. */
  formula: NamedOfferFormula | null;
}

/**
 * The figures of a calculation as entered (repairs by calculationRepairs, the range by the §5
 * formula, whole dollars): what every save, share, export and document of it uses; computed
 * here, never taken from the client.
 */
export function dealFromCalculation(calculation: CalculationInput): ExportDeal {
  const { total: totalRepairCost, lines } = calculationRepairs(calculation);
  return {
    address: calculation.address,
    marketValue: calculation.marketValue,
    totalRepairCost,
    repairs: lines,
    offerRange: computeOfferRange({
      marketValue: calculation.marketValue,
      totalRepairCost,
      template: calculation.template,
    }),
    formula: namedFormula(calculation.template),
  };
}
