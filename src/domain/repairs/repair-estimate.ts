import { roundToCents } from '../money/round-to-cents';
import { MAX_REPAIR_COST, type RepairItem } from './repair-catalog';
import { selectedRepairs, totalSelectedRepairCost } from './repair-state';

// Plain TypeScript, no zod: the calculator checks estimates as it computes, in the first page's
// JavaScript. The server's schema (repair-estimate-schema.ts) applies the same checks.

/** How repairs are estimated (issue 13): the checklist, per square foot by condition, or line items. */
export type RepairMode = 'checklist' | 'per-square-foot' | 'line-items';

/** Rehab cost per square foot by the house's condition, in dollars (typical US ranges). */
export const REPAIR_CONDITIONS = {
  cosmetic: { label: 'Cosmetic', min: 15, max: 25 },
  moderate: { label: 'Moderate', min: 30, max: 50 },
  heavy: { label: 'Heavy', min: 60, max: 90 },
  gut: { label: 'Gut rehab', min: 100, max: 140 },
} as const;
export type RepairCondition = keyof typeof REPAIR_CONDITIONS;
export const REPAIR_CONDITION_IDS = Object.keys(REPAIR_CONDITIONS) as [RepairCondition, ...RepairCondition[]];

export const SQUARE_FEET_BOUNDS = { min: 100, max: 50_000 };
export const CONTINGENCY_BOUNDS = { min: 10, max: 25 };
export const LINE_ITEMS_MAX = 50;
export const LINE_ITEM_NAME_MAX = 100;

export const repairEstimateMessages = {
  squareFeet: `Square footage must be between ${SQUARE_FEET_BOUNDS.min} and ${SQUARE_FEET_BOUNDS.max.toLocaleString('en-US')}`,
  rate: (condition: RepairCondition) => {
    const { label, min, max } = REPAIR_CONDITIONS[condition];
    return `${label} repairs cost between $${min} and $${max} per sq ft`;
  },
  contingency: `Contingency must be between ${CONTINGENCY_BOUNDS.min}% and ${CONTINGENCY_BOUNDS.max}%`,
  itemName: 'Each line item needs a name',
  itemNameTooLong: `A line item name must be at most ${LINE_ITEM_NAME_MAX} characters`,
  quantity: 'Quantity must be more than 0 and at most 10,000',
  unitCost: 'Unit cost must be between $0 and $1,000,000',
  noItems: 'Add at least one line item',
  tooManyItems: `At most ${LINE_ITEMS_MAX} line items`,
  total: 'Repair estimate is too large',
} as const;

export interface PerSquareFootEstimate {
  mode: 'per-square-foot';
  squareFeet: number;
  condition: RepairCondition;
  ratePerSquareFoot: number;
  contingencyPercent: number;
}

export interface LineItem {
  name: string;
  quantity: number;
  unitCost: number;
}

export interface LineItemsEstimate {
  mode: 'line-items';
  items: LineItem[];
}

/** A repair estimate other than the checklist, as the calculator sends it and a saved property keeps it. */
export type RepairEstimate = PerSquareFootEstimate | LineItemsEstimate;

export interface RepairEstimateProblem {
  path: (string | number)[];
  message: string;
}

const within = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;

/** What is wrong with an estimate's figures (names trimmed first), in field order; empty when it is fine. */
export function repairEstimateProblems(estimate: RepairEstimate): RepairEstimateProblem[] {
  const problems: RepairEstimateProblem[] = [];
  if (estimate.mode === 'per-square-foot') {
    const { squareFeet, condition, ratePerSquareFoot, contingencyPercent } = estimate;
    if (!Number.isInteger(squareFeet) || !within(squareFeet, SQUARE_FEET_BOUNDS.min, SQUARE_FEET_BOUNDS.max))
      problems.push({ path: ['squareFeet'], message: repairEstimateMessages.squareFeet });
    const { min, max } = REPAIR_CONDITIONS[condition];
    if (!within(ratePerSquareFoot, min, max))
      problems.push({ path: ['ratePerSquareFoot'], message: repairEstimateMessages.rate(condition) });
    if (!within(contingencyPercent, CONTINGENCY_BOUNDS.min, CONTINGENCY_BOUNDS.max))
      problems.push({ path: ['contingencyPercent'], message: repairEstimateMessages.contingency });
  } else {
    if (estimate.items.length === 0) problems.push({ path: ['items'], message: repairEstimateMessages.noItems });
    if (estimate.items.length > LINE_ITEMS_MAX)
      problems.push({ path: ['items'], message: repairEstimateMessages.tooManyItems });
    estimate.items.forEach((item, index) => {
      const name = item.name.trim();
      if (name === '') problems.push({ path: ['items', index, 'name'], message: repairEstimateMessages.itemName });
      else if (name.length > LINE_ITEM_NAME_MAX)
        problems.push({ path: ['items', index, 'name'], message: repairEstimateMessages.itemNameTooLong });
      if (!(item.quantity > 0) || !within(item.quantity, 0, 10_000))
        problems.push({ path: ['items', index, 'quantity'], message: repairEstimateMessages.quantity });
      if (!within(item.unitCost, 0, 1_000_000))
        problems.push({ path: ['items', index, 'unitCost'], message: repairEstimateMessages.unitCost });
    });
  }
  if (problems.length === 0 && repairEstimateCosts(estimate).total > MAX_REPAIR_COST)
    problems.push({ path: [], message: repairEstimateMessages.total });
  return problems;
}

export interface RepairCostLine {
  name: string;
  cost: number;
}

const sqft = (value: number) => value.toLocaleString('en-US');
const unitPrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
/** '$450', '$39.99': a unit's price to the cent, without '.00'. */
const price = (dollars: number) => unitPrice.format(dollars).replace(/\.00$/, '');

/** The cost lines of an estimate and their total (cents-rounded), each line naming how it was reckoned. */
export function repairEstimateCosts(estimate: RepairEstimate): { lines: RepairCostLine[]; total: number } {
  if (estimate.mode === 'per-square-foot') {
    const condition = REPAIR_CONDITIONS[estimate.condition];
    const base = roundToCents(estimate.squareFeet * estimate.ratePerSquareFoot);
    const contingency = roundToCents((base * estimate.contingencyPercent) / 100);
    return {
      lines: [
        {
          name: `${condition.label} repairs: ${sqft(estimate.squareFeet)} sq ft × ${price(estimate.ratePerSquareFoot)}`,
          cost: base,
        },
        { name: `Contingency ${estimate.contingencyPercent}%`, cost: contingency },
      ],
      total: roundToCents(base + contingency),
    };
  }
  const lines = estimate.items.map((item) => ({
    name: `${item.name.trim()} (${item.quantity} × ${price(item.unitCost)})`,
    cost: roundToCents(item.quantity * item.unitCost),
  }));
  return { lines, total: roundToCents(lines.reduce((sum, line) => sum + line.cost, 0)) };
}

/**
 * The repairs a calculation counts: its estimate's lines when it has one, else the checklist's
 * selected items. Every figure of an offer (range, saved row, exports, documents) uses this.
 */
export function calculationRepairs(input: { repairs: readonly RepairItem[]; repairEstimate?: RepairEstimate | null }): {
  lines: RepairCostLine[];
  total: number;
} {
  if (input.repairEstimate) return repairEstimateCosts(input.repairEstimate);
  return {
    lines: selectedRepairs(input.repairs).map(({ name, cost }) => ({ name, cost })),
    total: totalSelectedRepairCost(input.repairs),
  };
}
