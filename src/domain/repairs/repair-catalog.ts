/** Largest single repair cost accepted, in dollars (same ceiling as a market value). */
export const MAX_REPAIR_COST = 1e10;

/** A §3 repair item; costs are dollars. cost may leave [minCost, maxCost] once edited (customAmount). */
export interface RepairItem {
  name: string;
  cost: number;
  isSelected: boolean;
  description: string;
  minCost: number;
  maxCost: number;
  customAmount: boolean;
}

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
