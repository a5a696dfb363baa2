import { describe, expect, it } from 'vitest';
import { readTypedRepairCost, repairCostMessages } from './typed-repair-cost';

describe('readTypedRepairCost', () => {
  it('reads amounts as people type them, and an empty field as $0', () => {
    expect(readTypedRepairCost('12500')).toEqual({ ok: true, value: 12500 });
    expect(readTypedRepairCost(' $1,200.50 ')).toEqual({ ok: true, value: 1200.5 });
    expect(readTypedRepairCost('')).toEqual({ ok: true, value: 0 });
    expect(readTypedRepairCost('10000000000')).toEqual({ ok: true, value: 1e10 });
  });

  it('refuses a negative amount or text that is not one', () => {
    for (const typed of ['-100', 'abc', '1e', '--5']) {
      expect(readTypedRepairCost(typed)).toEqual({ ok: false, message: repairCostMessages.notAnAmount });
    }
  });

  it('refuses an amount above the largest repair cost instead of silently lowering it', () => {
    expect(readTypedRepairCost('10000000001')).toEqual({ ok: false, message: repairCostMessages.tooLarge });
    expect(repairCostMessages.tooLarge).toBe('Enter a repair cost of at most $10,000,000,000');
  });
});
