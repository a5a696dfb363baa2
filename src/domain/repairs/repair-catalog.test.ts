import { describe, expect, it } from 'vitest';
import { defaultRepairCatalog } from './repair-catalog';
import { RepairItemSchema } from './repair-item-schema';

describe('defaultRepairCatalog', () => {
  // The spec's seven repairs and cost ranges, word for word and in its order (§3).
  it('lists the seven §3 repairs with their cost ranges', () => {
    expect(defaultRepairCatalog.map(({ name, minCost, maxCost }) => [name, minCost, maxCost])).toEqual([
      ['New Roof', 7000, 15000],
      ['Kitchen Remodel', 10000, 25000],
      ['Bathroom Remodel', 6000, 15000],
      ['HVAC Replacement', 5000, 12000],
      ['Flooring', 3000, 8000],
      ['Paint & Sheetrock', 4000, 10000],
      ['Plumbing/Electrical', 5000, 15000],
    ]);
  });

  it.each(defaultRepairCatalog.map((item) => [item.name, item] as const))(
    '%s starts at minCost, unselected, not custom',
    (_name, item) => {
      expect(item.cost).toBe(item.minCost);
      expect(item.isSelected).toBe(false);
      expect(item.customAmount).toBe(false);
      expect(item.description.length).toBeGreaterThan(0);
      expect(RepairItemSchema.parse(item)).toEqual(item);
    },
  );

  it('cannot be mutated', () => {
    expect(Object.isFrozen(defaultRepairCatalog)).toBe(true);
    expect(defaultRepairCatalog.every((item) => Object.isFrozen(item))).toBe(true);
  });
});

describe('RepairItemSchema', () => {
  const roof = defaultRepairCatalog[0];

  it('accepts a custom cost outside the suggested range', () => {
    expect(RepairItemSchema.safeParse({ ...roof, cost: 20000, customAmount: true, isSelected: true }).success).toBe(
      true,
    );
  });

  it.each([
    ['empty name', { name: ' ' }, 'name', 'Repair name is required'],
    ['negative cost', { cost: -1 }, 'cost', 'Repair cost must be 0 or more'],
    ['huge cost', { cost: 1e11 }, 'cost', 'Repair cost must be at most $10,000,000,000'],
    ['max below min', { minCost: 9000, maxCost: 8000 }, 'maxCost', 'Maximum cost must be at least the minimum cost'],
    ['NaN cost', { cost: Number.NaN }, 'cost', undefined],
    ['string cost', { cost: '7000' }, 'cost', undefined],
    ['missing flag', { customAmount: undefined }, 'customAmount', undefined],
  ])('rejects %s', (_label, change, path, message) => {
    const result = RepairItemSchema.safeParse({ ...roof, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([path]);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});
