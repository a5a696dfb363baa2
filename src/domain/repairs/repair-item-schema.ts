import { z } from 'zod';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { MAX_REPAIR_COST, type RepairItem } from './repair-catalog';

const dollars = z
  .number()
  .gte(0, 'Repair cost must be 0 or more')
  .lte(MAX_REPAIR_COST, 'Repair cost must be at most $10,000,000,000');

/** Validates a repair item from an API request (see RepairItem). */
export const RepairItemSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Repair name is required')
      .max(100, 'Repair name must be at most 100 characters')
      .refine(hasNoNulCharacter, textMessages.nulCharacter),
    cost: dollars,
    isSelected: z.boolean(),
    description: z
      .string()
      .trim()
      .max(500, 'Description must be at most 500 characters')
      .refine(hasNoNulCharacter, textMessages.nulCharacter),
    minCost: dollars,
    maxCost: dollars,
    customAmount: z.boolean(),
  })
  .refine((item) => item.maxCost >= item.minCost, {
    message: 'Maximum cost must be at least the minimum cost',
    path: ['maxCost'],
  }) satisfies z.ZodType<RepairItem>;
