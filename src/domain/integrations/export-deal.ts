import { computeOfferRange, type OfferRange } from '../offer/compute-offer-range';
import type { CalculationInput } from '../offer/offer-request-schema';
import { selectedRepairs, totalSelectedRepairCost } from '../repairs/repair-state';

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
}

/** The deal for a calculation as entered: total (cents-rounded) and range (whole dollars, §5) computed here, never taken from the client. */
export function dealFromCalculation(calculation: CalculationInput): ExportDeal {
  const totalRepairCost = totalSelectedRepairCost(calculation.repairs);
  return {
    address: calculation.address,
    marketValue: calculation.marketValue,
    totalRepairCost,
    repairs: selectedRepairs(calculation.repairs).map(({ name, cost }) => ({ name, cost })),
    offerRange: computeOfferRange({
      marketValue: calculation.marketValue,
      totalRepairCost,
      template: calculation.template,
    }),
  };
}
