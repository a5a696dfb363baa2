import { z } from 'zod';
import { roundToCents } from '../money/round-to-cents';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { MAX_REPAIR_COST, type RepairItem } from './repair-catalog';
import { selectedRepairs, totalSelectedRepairCost } from './repair-state';

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
export const REPAIR_CONDITION_IDS = Object.keys(REPAIR_CONDITIONS) as RepairCondition[];

export const SQUARE_FEET_BOUNDS = { min: 100, max: 50_000 };
export const CONTINGENCY_BOUNDS = { min: 10, max: 25 };
export const LINE_ITEMS_MAX = 50;

export const repairEstimateMessages = {
  squareFeet: `Square footage must be between ${SQUARE_FEET_BOUNDS.min} and ${SQUARE_FEET_BOUNDS.max.toLocaleString('en-US')}`,
  rate: (condition: RepairCondition) => {
    const { label, min, max } = REPAIR_CONDITIONS[condition];
    return `${label} repairs cost between $${min} and $${max} per sq ft`;
  },
  contingency: `Contingency must be between ${CONTINGENCY_BOUNDS.min}% and ${CONTINGENCY_BOUNDS.max}%`,
  itemName: 'Each line item needs a name',
  quantity: 'Quantity must be more than 0 and at most 10,000',
  unitCost: 'Unit cost must be between $0 and $1,000,000',
  noItems: 'Add at least one line item',
  tooManyItems: `At most ${LINE_ITEMS_MAX} line items`,
  total: 'Repair estimate is too large',
} as const;

const finite = (message: string) => z.number({ error: message }).refine(Number.isFinite, message);

const PerSquareFootSchema = z
  .object({
    mode: z.literal('per-square-foot'),
    squareFeet: finite(repairEstimateMessages.squareFeet)
      .int(repairEstimateMessages.squareFeet)
      .min(SQUARE_FEET_BOUNDS.min, repairEstimateMessages.squareFeet)
      .max(SQUARE_FEET_BOUNDS.max, repairEstimateMessages.squareFeet),
    condition: z.enum(REPAIR_CONDITION_IDS as [RepairCondition, ...RepairCondition[]]),
    ratePerSquareFoot: finite('Rate per sq ft must be a number'),
    contingencyPercent: finite(repairEstimateMessages.contingency)
      .min(CONTINGENCY_BOUNDS.min, repairEstimateMessages.contingency)
      .max(CONTINGENCY_BOUNDS.max, repairEstimateMessages.contingency),
  })
  .superRefine((estimate, ctx) => {
    const { min, max } = REPAIR_CONDITIONS[estimate.condition];
    if (estimate.ratePerSquareFoot < min || estimate.ratePerSquareFoot > max)
      ctx.addIssue({
        code: 'custom',
        path: ['ratePerSquareFoot'],
        message: repairEstimateMessages.rate(estimate.condition),
      });
  });

const LineItemSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, repairEstimateMessages.itemName)
    .max(100, 'A line item name must be at most 100 characters')
    .refine(hasNoNulCharacter, textMessages.nulCharacter),
  quantity: finite(repairEstimateMessages.quantity)
    .gt(0, repairEstimateMessages.quantity)
    .max(10_000, repairEstimateMessages.quantity),
  unitCost: finite(repairEstimateMessages.unitCost)
    .min(0, repairEstimateMessages.unitCost)
    .max(1_000_000, repairEstimateMessages.unitCost),
});

const LineItemsSchema = z.object({
  mode: z.literal('line-items'),
  items: z
    .array(LineItemSchema)
    .min(1, repairEstimateMessages.noItems)
    .max(LINE_ITEMS_MAX, repairEstimateMessages.tooManyItems),
});

const RepairEstimateShape = z.discriminatedUnion('mode', [PerSquareFootSchema, LineItemsSchema]);
export type RepairEstimate = z.infer<typeof RepairEstimateShape>;

/** A repair estimate other than the checklist, as the calculator sends it and a saved property keeps it. */
export const RepairEstimateSchema = RepairEstimateShape.refine(
  (estimate) => repairEstimateCosts(estimate).total <= MAX_REPAIR_COST,
  repairEstimateMessages.total,
);

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
    name: `${item.name} (${item.quantity} × ${price(item.unitCost)})`,
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
