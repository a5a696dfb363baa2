import { z } from 'zod';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';

/** The largest profit a template may keep, in dollars: offers stay within what a saved property stores. */
export const MAX_PROFIT = 1e10;

const costDollars = (label: string) =>
  z
    .number()
    .gte(0, `${label} must be $0 or more`)
    .lte(MAX_PROFIT, `${label} must be at most $10,000,000,000`)
    .optional();

/** A §3 formula template: multipliers are plain ratios, profits are whole or fractional dollars up to MAX_PROFIT; maxProfit >= minProfit; no NUL in its texts. */
/**
 * §5: low uses maxProfit and high uses minProfit, so swapping them would give low > high. A
 * refinement of the template schema and of the web form's, which reads the profits from text.
 */
export const profitsInOrder = {
  check: (template: { minProfit: number; maxProfit: number }) => template.maxProfit >= template.minProfit,
  params: { message: 'Maximum profit must be at least the minimum profit', path: ['maxProfit'] },
};

export const FormulaTemplateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Template name is required')
      .max(100, 'Template name must be at most 100 characters')
      .refine(hasNoNulCharacter, textMessages.nulCharacter),
    description: z
      .string()
      .trim()
      .max(500, 'Description must be at most 500 characters')
      .refine(hasNoNulCharacter, textMessages.nulCharacter),
    // Above 1.5× market value no offer formula makes sense; 0 would offer nothing.
    arvMultiplier: z
      .number()
      .gt(0, 'ARV multiplier must be greater than 0')
      .lte(1.5, 'ARV multiplier must be at most 1.5'),
    repairMultiplier: z
      .number()
      .gte(0, 'Repair multiplier must be 0 or more')
      .lte(5, 'Repair multiplier must be at most 5'),
    minProfit: z
      .number()
      .gte(0, 'Minimum profit must be 0 or more')
      .lte(MAX_PROFIT, 'Minimum profit must be at most $10,000,000,000'),
    maxProfit: z
      .number()
      .gte(0, 'Maximum profit must be 0 or more')
      .lte(MAX_PROFIT, 'Maximum profit must be at most $10,000,000,000'),
    // A full maximum-offer formula's costs (issue 13): each absent or 0 unless the template sets it.
    buyingClosingCosts: costDollars('Buying closing costs'),
    holdingMonths: z
      .number()
      .gte(0, 'Holding months must be 0 or more')
      .lte(60, 'Holding months must be at most 60')
      .optional(),
    holdingMonthlyCost: costDollars('Monthly holding cost'),
    sellingCostPercent: z
      .number()
      .gte(0, 'Selling costs must be 0% or more')
      .lte(20, 'Selling costs must be at most 20% of the market value')
      .optional(),
    financingCosts: costDollars('Financing costs'),
    assignmentFee: costDollars('Assignment fee'),
  })
  .refine(profitsInOrder.check, profitsInOrder.params);

export type FormulaTemplate = z.infer<typeof FormulaTemplateSchema>;
