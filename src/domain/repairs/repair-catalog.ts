import { z } from 'zod';

/** Largest single repair cost accepted, in dollars (same ceiling as a market value). */
export const MAX_REPAIR_COST = 1e10;

const dollars = z
  .number()
  .gte(0, 'Repair cost must be 0 or more')
  .lte(MAX_REPAIR_COST, 'Repair cost must be at most $10,000,000,000');

/** A §3 repair item; costs are dollars. cost may leave [minCost, maxCost] once edited (customAmount). */
export const RepairItemSchema = z
  .object({
    name: z.string().trim().min(1, 'Repair name is required').max(100, 'Repair name must be at most 100 characters'),
    cost: dollars,
    isSelected: z.boolean(),
    description: z.string().trim().max(500, 'Description must be at most 500 characters'),
    minCost: dollars,
    maxCost: dollars,
    customAmount: z.boolean(),
  })
  .refine((item) => item.maxCost >= item.minCost, {
    message: 'Maximum cost must be at least the minimum cost',
    path: ['maxCost'],
  });

export type RepairItem = z.infer<typeof RepairItemSchema>;

function catalogItem(name: string, minCost: number, maxCost: number, description: string): RepairItem {
  // §4: an untouched item costs its minimum and is not selected.
  return Object.freeze({ name, cost: minCost, isSelected: false, description, minCost, maxCost, customAmount: false });
}

/** §3 default repair checklist: costs in whole dollars, cost = minCost, none selected, in the spec's order; frozen. */
export const defaultRepairCatalog: readonly RepairItem[] = Object.freeze([
  catalogItem('New Roof', 7000, 15000, 'Tear-off and replacement of the whole roof'),
  catalogItem('Kitchen Remodel', 10000, 25000, 'Cabinets, counters, appliances and fixtures'),
  catalogItem('Bathroom Remodel', 6000, 15000, 'Vanity, toilet, tub or shower and tile'),
  catalogItem('HVAC Replacement', 5000, 12000, 'New furnace and air-conditioning system'),
  catalogItem('Flooring', 3000, 8000, 'New flooring through the main living areas'),
  catalogItem('Paint & Sheetrock', 4000, 10000, 'Drywall repair and interior paint'),
  catalogItem('Plumbing/Electrical', 5000, 15000, 'Repairs or updates to pipes, wiring and panel'),
]);
