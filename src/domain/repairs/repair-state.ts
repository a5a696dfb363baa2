import { roundToCents } from '../money/round-to-cents';
import { MAX_REPAIR_COST, type RepairItem } from './repair-catalog';

/** §4: flips isSelected on the named item; deselecting resets cost to minCost and clears customAmount. Returns a new array; unknown names change nothing. */
export function toggleRepair(items: readonly RepairItem[], name: string): RepairItem[] {
  return items.map((item) => {
    if (item.name !== name) return item;
    if (item.isSelected) return { ...item, isSelected: false, cost: item.minCost, customAmount: false };
    return { ...item, isSelected: true };
  });
}

/**
 * §4: sets the named item's cost in dollars (rounded to cents) and marks it customAmount. Out-of-range costs are
 * clamped (the calculator refuses them as typed, see readTypedRepairCost): NaN or negative become 0, above 1e10 becomes 1e10.
 * isSelected is left alone. Returns a new array; unknown names change nothing.
 */
export function setRepairCost(items: readonly RepairItem[], name: string, cost: number): RepairItem[] {
  const clamped = Number.isNaN(cost) ? 0 : Math.min(Math.max(cost, 0), MAX_REPAIR_COST);
  return items.map((item) =>
    item.name === name ? { ...item, cost: roundToCents(clamped), customAmount: true } : item,
  );
}

/** The items with isSelected, in their original order (a new array). */
export function selectedRepairs(items: readonly RepairItem[]): RepairItem[] {
  return items.filter((item) => item.isSelected);
}

/** Sum of the selected items' costs in dollars, rounded to cents; 0 when none is selected. */
export function totalSelectedRepairCost(items: readonly RepairItem[]): number {
  return roundToCents(selectedRepairs(items).reduce((sum, item) => sum + item.cost, 0));
}
