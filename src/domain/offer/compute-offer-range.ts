import { roundToCents } from '../money/round-to-cents';
import type { FormulaTemplate } from './formula-template';

/** A cash-offer range in whole dollars; low <= high. */
export type OfferRange = { low: number; high: number };

export type OfferFormula = Pick<
  FormulaTemplate,
  | 'arvMultiplier'
  | 'repairMultiplier'
  | 'minProfit'
  | 'maxProfit'
  | 'buyingClosingCosts'
  | 'holdingMonths'
  | 'holdingMonthlyCost'
  | 'sellingCostPercent'
  | 'financingCosts'
  | 'assignmentFee'
>;

/** The formula an offer was made with, as it is kept beside the offer (a saved property, an offer link). */
export type NamedOfferFormula = OfferFormula & { name: string };

/** The part of a template that makes the offer, without its description. */
export function namedFormula(template: NamedOfferFormula): NamedOfferFormula {
  const { name, arvMultiplier, repairMultiplier, minProfit, maxProfit } = template;
  const formula: NamedOfferFormula = { name, arvMultiplier, repairMultiplier, minProfit, maxProfit };
  for (const key of COST_KEYS) if (template[key]) formula[key] = template[key];
  return formula;
}

const COST_KEYS = [
  'buyingClosingCosts',
  'holdingMonths',
  'holdingMonthlyCost',
  'sellingCostPercent',
  'financingCosts',
  'assignmentFee',
] as const;

/** One cost a full maximum-offer formula takes off the buyer's value, in dollars. */
export type FormulaCost =
  | { kind: 'buying-closing'; amount: number }
  | { kind: 'holding'; amount: number; months: number; monthly: number }
  | { kind: 'selling'; amount: number; percent: number }
  | { kind: 'financing'; amount: number }
  | { kind: 'assignment-fee'; amount: number };

/** A formula's costs that are not 0, in the order a deal incurs them. */
function formulaCosts(template: OfferFormula, marketValue: number): FormulaCost[] {
  const months = template.holdingMonths ?? 0;
  const monthly = template.holdingMonthlyCost ?? 0;
  const percent = template.sellingCostPercent ?? 0;
  const costs: FormulaCost[] = [
    { kind: 'buying-closing', amount: template.buyingClosingCosts ?? 0 },
    { kind: 'holding', amount: months * monthly, months, monthly },
    { kind: 'selling', amount: (marketValue * percent) / 100, percent },
    { kind: 'financing', amount: template.financingCosts ?? 0 },
    { kind: 'assignment-fee', amount: template.assignmentFee ?? 0 },
  ];
  return costs.filter((cost) => cost.amount > 0);
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
  /** A full maximum-offer formula's costs; empty for the spec's formula. */
  costs: FormulaCost[];
  minProfit: number;
  maxProfit: number;
  range: OfferRange;
}

/** §5 offer: base = marketValue × arv − totalRepairCost × repairMultiplier (− a full formula's costs); low/high = floor(base − max/minProfit), after rounding to cents. */
export function computeOfferReceipt(input: {
  marketValue: number;
  totalRepairCost: number;
  template: OfferFormula;
}): OfferReceipt {
  const { marketValue, totalRepairCost, template } = input;
  const buyerValue = marketValue * template.arvMultiplier;
  const repairAllowance = totalRepairCost * template.repairMultiplier;
  const costs = formulaCosts(template, marketValue);
  const base = costs.reduce((rest, cost) => rest - cost.amount, buyerValue - repairAllowance);
  return {
    marketValue,
    arvMultiplier: template.arvMultiplier,
    buyerValue,
    totalRepairCost,
    repairMultiplier: template.repairMultiplier,
    repairAllowance,
    costs,
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

/**
 * computeSimpleOfferRange compiled for one template, for a loop over many market values (the
 * bulk import's 300,000 rows): the same figures, without a receipt per value when the template
 * has no cost lines (every built-in).
 */
export function simpleOfferRangeFor(template: OfferFormula): (marketValue: number) => OfferRange {
  if (COST_KEYS.some((key) => template[key]))
    return (marketValue) => computeSimpleOfferRange({ marketValue, template });
  const { arvMultiplier, minProfit, maxProfit } = template;
  return (marketValue) => {
    const base = marketValue * arvMultiplier;
    return { low: floorDollars(base - maxProfit), high: floorDollars(base - minProfit) };
  };
}

/** True when the low offer (whole dollars) is 0 or more; a negative low means the deal does not work at that market value. */
export function offerIsWorkable(range: OfferRange): boolean {
  return Number.isFinite(range.low) && Number.isFinite(range.high) && range.low >= 0;
}
