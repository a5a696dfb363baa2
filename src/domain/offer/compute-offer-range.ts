import { roundToCents } from '../money/round-to-cents';
import type { FormulaTemplate } from './formula-template';

/** A cash-offer range in whole dollars; low <= high. */
export type OfferRange = { low: number; high: number };

type OfferFormula = Pick<FormulaTemplate, 'arvMultiplier' | 'repairMultiplier' | 'minProfit' | 'maxProfit'>;

/**
 * Floors a dollar amount to whole dollars after rounding to cents, so that binary error
 * (82000 × 0.7 − 5000 = 52399.99999999999) does not lose a dollar. Amounts within half a cent
 * below a whole dollar therefore count as that dollar.
 */
function floorDollars(dollars: number): number {
  const floored = Math.floor(roundToCents(dollars));
  return floored === 0 ? 0 : floored; // no -0
}

/** §5 offer range in whole dollars: base = marketValue × arv − totalRepairCost × repairMultiplier; low/high = floor(base − max/minProfit), after rounding to cents. */
export function computeOfferRange(input: {
  marketValue: number;
  totalRepairCost: number;
  template: OfferFormula;
}): OfferRange {
  const { marketValue, totalRepairCost, template } = input;
  // §5: repairs = total selected repair cost × repairMultiplier; base = marketValue × arvMultiplier − repairs.
  const repairs = totalRepairCost * template.repairMultiplier;
  const base = marketValue * template.arvMultiplier - repairs;
  // §5: low = floor(base − maxProfit); high = floor(base − minProfit).
  return {
    low: floorDollars(base - template.maxProfit),
    high: floorDollars(base - template.minProfit),
  };
}

/** §5 bulk-import / simple-form offer range in whole dollars: floor(marketValue × arv − max/minProfit), repairs ignored, cents-rounded first. */
export function computeSimpleOfferRange(input: { marketValue: number; template: OfferFormula }): OfferRange {
  return computeOfferRange({ marketValue: input.marketValue, totalRepairCost: 0, template: input.template });
}

/** True when the low offer (whole dollars) is 0 or more; a negative low means the deal does not work at that market value. */
export function offerIsWorkable(range: OfferRange): boolean {
  return Number.isFinite(range.low) && Number.isFinite(range.high) && range.low >= 0;
}
