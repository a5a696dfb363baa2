import { formatMoney } from '../money/format-money';
import { readTypedNumber } from '../validation/typed-number';
import { MAX_REPAIR_COST } from './repair-catalog';

export const repairCostMessages = {
  notAnAmount: 'Enter a repair cost of $0 or more',
  tooLarge: `Enter a repair cost of at most ${formatMoney(MAX_REPAIR_COST)}`,
} as const;

/** A repair cost as typed, read when its field is left: empty means $0; '$1,200' is 1200. */
export function readTypedRepairCost(typed: string): { ok: true; value: number } | { ok: false; message: string } {
  if (typed.trim() === '') return { ok: true, value: 0 };
  const value = readTypedNumber(typed);
  if (!Number.isFinite(value) || value < 0) return { ok: false, message: repairCostMessages.notAnAmount };
  if (value > MAX_REPAIR_COST) return { ok: false, message: repairCostMessages.tooLarge };
  return { ok: true, value };
}
