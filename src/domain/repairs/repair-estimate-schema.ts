import { z } from 'zod';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { LINE_ITEMS_MAX, REPAIR_CONDITION_IDS, repairEstimateProblems, type RepairEstimate } from './repair-estimate';

const number = z.number({ error: 'Must be a number' });

const RepairEstimateShape = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('per-square-foot'),
    squareFeet: number,
    condition: z.enum(REPAIR_CONDITION_IDS),
    ratePerSquareFoot: number,
    contingencyPercent: number,
  }),
  z.object({
    mode: z.literal('line-items'),
    // Bounded before the checks run on each item.
    items: z
      .array(
        z.object({
          name: z.string().max(1000).refine(hasNoNulCharacter, textMessages.nulCharacter),
          quantity: number,
          unitCost: number,
        }),
      )
      .max(LINE_ITEMS_MAX * 2),
  }),
]);

/** A repair estimate as the server receives it: its shape, then repairEstimateProblems' checks; names trimmed. */
export const RepairEstimateSchema = RepairEstimateShape.superRefine((estimate, ctx) => {
  for (const problem of repairEstimateProblems(estimate)) ctx.addIssue({ code: 'custom', ...problem });
}).transform((estimate): RepairEstimate =>
  estimate.mode === 'line-items'
    ? { mode: 'line-items', items: estimate.items.map((item) => ({ ...item, name: item.name.trim() })) }
    : estimate,
);
