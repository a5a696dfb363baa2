import type { SavedArvComps } from '../arv/arv-request-schema';
import { calculationRepairs } from '../repairs/repair-estimate';
import { computeOfferRange, namedFormula, type NamedOfferFormula, type OfferRange } from './compute-offer-range';
import type { CalculationInput } from './offer-request-schema';

/** One repair line of a deal: name and cost in dollars. */
export interface DealRepair {
  name: string;
  cost: number;
}

/**
 * One property's offer as saving, sharing, documents and exports all describe it: dollars
 * throughout; repairs are the selected ones only, in checklist order.
 */
export interface Deal {
  address: string;
  marketValue: number;
  totalRepairCost: number;
  repairs: DealRepair[];
  offerRange: OfferRange;
  /** The formula the range was computed with; null when it was not kept (older rows) or set by hand. */
  formula: NamedOfferFormula | null;
  /** The comparable sales behind the market value (issue 28), when a saved property keeps them. */
  arvComps?: SavedArvComps | null;
}

/**
 * The figures of a calculation as entered (repairs by calculationRepairs, the range by the §5
 * formula, whole dollars): what every save, share, export and document of it uses; computed
 * here, never taken from the client.
 */
export function dealFromCalculation(calculation: CalculationInput): Deal {
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
