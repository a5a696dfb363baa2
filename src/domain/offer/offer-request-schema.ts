import { z } from 'zod';
import { MarketValueSchema } from '../money/market-value-schema';
import { MAX_REPAIR_COST } from '../repairs/repair-catalog';
import { RepairEstimateSchema } from '../repairs/repair-estimate-schema';
import { RepairItemSchema } from '../repairs/repair-item-schema';
import { totalSelectedRepairCost } from '../repairs/repair-state';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';
import { calculationMessages } from './calculation-messages';
import { FormulaTemplateSchema } from './formula-template';

/**
 * One calculation as the save endpoint receives it: address text, market value in dollars, the
 * repair checklist (selected repairs totalling at most MAX_REPAIR_COST, so every figure of the
 * offer fits the database's money columns) and the template used.
 */
export const CalculationInputSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, calculationMessages.addressRequired)
    .max(300, 'Address must be at most 300 characters')
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine(hasNoInvisibleCharacters, invisibleCharactersMessage),
  marketValue: MarketValueSchema,
  repairs: z
    .array(RepairItemSchema)
    .max(50, 'At most 50 repair items')
    .refine((repairs) => totalSelectedRepairCost(repairs) <= MAX_REPAIR_COST, calculationMessages.repairTotalTooLarge),
  // Absent: the checklist's selected repairs count; present, the estimate's lines do (issue 13).
  repairEstimate: RepairEstimateSchema.optional(),
  template: FormulaTemplateSchema,
});

export type CalculationInput = z.infer<typeof CalculationInputSchema>;
