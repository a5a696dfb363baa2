import { z } from 'zod';
import { MarketValueSchema } from '../money/market-value-schema';
import { RepairItemSchema } from '../repairs/repair-item-schema';
import { calculationMessages } from './calculation-messages';
import { FormulaTemplateSchema } from './formula-template';

/** One calculation as the save endpoint receives it: address text, market value in dollars, the repair checklist and the template used. */
export const CalculationInputSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, calculationMessages.addressRequired)
    .max(300, 'Address must be at most 300 characters'),
  marketValue: MarketValueSchema,
  repairs: z.array(RepairItemSchema).max(50, 'At most 50 repair items'),
  template: FormulaTemplateSchema,
});

export type CalculationInput = z.infer<typeof CalculationInputSchema>;
