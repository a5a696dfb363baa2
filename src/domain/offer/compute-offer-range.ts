import { roundToCents } from '../money/round-to-cents';
import type { FormulaTemplate } from './formula-template';

/** A cash-offer range in whole dollars; low <= high. */
export type OfferRange = { low: number; high: number };

export type OfferFormula = Pick<FormulaTemplate, 'arvMultiplier' | 'repairMultiplier' | 'minProfit' | 'maxProfit'>;

/** The formula an offer was made with, as it is kept beside the offer (a saved property, an offer link). */
export type NamedOfferFormula = OfferFormula & { name: string };

/** The part of a template that makes the offer, without its description. */
export function namedFormula(template: NamedOfferFormula): NamedOfferFormula {
  const { name, arvMultiplier, repairMultiplier, minProfit, maxProfit } = template;
  return { name, arvMultiplier, repairMultiplier, minProfit, maxProfit };
}

/**
 * Floors a dollar amount to whole dollars after rounding to cents, so that binary error
 * (82000 × 0.7 − 5000 = 52399.99999999999) does not lose a dollar. Amounts within half a cent
 * below a whole dollar therefore count as that dollar.
 */
function floorDollars(dollars: number): number {
  const floored = Math.floor(roundToCents(dollars));
  return floored === 0 ? 0 : floored; // no -0
}

/**
 * Every figure of one offer's computation, in the order it is made: what it was computed from,
 * the buyer's value (marketValue × arvMultiplier), the repair allowance (totalRepairCost ×
 * repairMultiplier) and the range. Unrounded except the range, which is whole dollars.
 */
export interface OfferReceipt {
  marketValue: number;
  arvMultiplier: number;
  buyerValue: number;
  totalRepairCost: number;
  repairMultiplier: number;
  repairAllowance: number;
  minProfit: number;
  maxProfit: number;
  range: OfferRange;
}

/** §5 offer: base = marketValue × arv − totalRepairCost × repairMultiplier; low/high = floor(base − max/minProfit), after rounding to cents. */
export function computeOfferReceipt(input: {
  marketValue: number;
  totalRepairCost: number;
  template: OfferFormula;
}): OfferReceipt {
  const { marketValue, totalRepairCost, template } = input;
  const buyerValue = marketValue * template.arvMultiplier;
  const repairAllowance = totalRepairCost * template.repairMultiplier;
  const base = buyerValue - repairAllowance;
  return {
    marketValue,
    arvMultiplier: template.arvMultiplier,
    buyerValue,
    totalRepairCost,
    repairMultiplier: template.repairMultiplier,
    repairAllowance,
    minProfit: template.minProfit,
    maxProfit: template.maxProfit,
    range: { low: floorDollars(base - template.maxProfit), high: floorDollars(base - template.minProfit) },
  };
}

/** §5 offer range in whole dollars: the range of computeOfferReceipt. */
export function computeOfferRange(input: {
  marketValue: number;
  totalRepairCost: number;
  template: OfferFormula;
}): OfferRange {
  return computeOfferReceipt(input).range;
}

/** §5 bulk-import / simple-form offer range in whole dollars: floor(marketValue × arv − max/minProfit), repairs ignored, cents-rounded first. */
export function computeSimpleOfferRange(input: { marketValue: number; template: OfferFormula }): OfferRange {
  return computeOfferRange({ marketValue: input.marketValue, totalRepairCost: 0, template: input.template });
}

/** True when the low offer (whole dollars) is 0 or more; a negative low means the deal does not work at that market value. */
export function offerIsWorkable(range: OfferRange): boolean {
  return Number.isFinite(range.low) && Number.isFinite(range.high) && range.low >= 0;
}
