import { z } from 'zod';

/**
 * What a seller's net sheet assumes, every figure shown and editable: percentages as percent
 * (5.5 is 5.5 %), money in dollars, time in months. The defaults are common US figures, not
 * advice; the homeowner changes any of them.
 */
export const NetSheetAssumptionsSchema = z.object({
  /** What the house would sell for once repaired (the market value). */
  repairedPrice: z
    .number()
    .min(0, 'The repaired price must be $0 or more')
    .max(1e10, 'The repaired price is too large'),
  /** What the house would sell for as it is, listed with an agent. */
  asIsPrice: z.number().min(0, 'The as-is price must be $0 or more').max(1e10, 'The as-is price is too large'),
  agentCommissionPercent: z.number().min(0, 'Commission must be 0% or more').max(20, 'Commission must be at most 20%'),
  sellerClosingPercent: z
    .number()
    .min(0, 'Closing costs must be 0% or more')
    .max(20, 'Closing costs must be at most 20%'),
  concessionsPercent: z.number().min(0, 'Concessions must be 0% or more').max(20, 'Concessions must be at most 20%'),
  /** The repairs before listing a fixed-up house (the calculator's repair total). */
  repairCost: z.number().min(0, 'Repairs must be $0 or more').max(1e10, 'Repairs are too large'),
  repairMonths: z.number().min(0, 'Months must be 0 or more').max(36, 'Months must be at most 36'),
  monthsOnMarket: z.number().min(0, 'Months must be 0 or more').max(36, 'Months must be at most 36'),
  /** Until a cash sale closes. */
  cashCloseMonths: z.number().min(0, 'Months must be 0 or more').max(12, 'Months must be at most 12'),
  monthlyTaxes: z.number().min(0, 'Taxes must be $0 or more').max(1e7, 'Taxes are too large'),
  monthlyInsurance: z.number().min(0, 'Insurance must be $0 or more').max(1e7, 'Insurance is too large'),
  monthlyUtilities: z.number().min(0, 'Utilities must be $0 or more').max(1e7, 'Utilities are too large'),
});

export type NetSheetAssumptions = z.infer<typeof NetSheetAssumptionsSchema>;
