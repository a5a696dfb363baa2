import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RepairItem, defaultRepairCatalog } from './repair-catalog';
import { selectedRepairs, setRepairCost, toggleRepair, totalSelectedRepairCost } from './repair-state';

const byName = (items: readonly RepairItem[], name: string) => items.find((item) => item.name === name);

describe('toggleRepair', () => {
  it('selects an unselected item and keeps its cost', () => {
    const items = toggleRepair(defaultRepairCatalog, 'New Roof');
    expect(byName(items, 'New Roof')).toMatchObject({ isSelected: true, cost: 7000, customAmount: false });
  });

  it('§4: deselecting resets cost to minCost and clears the custom flag', () => {
    let items = toggleRepair(defaultRepairCatalog, 'Flooring');
    items = setRepairCost(items, 'Flooring', 6500);
    expect(byName(items, 'Flooring')).toMatchObject({ isSelected: true, cost: 6500, customAmount: true });
    items = toggleRepair(items, 'Flooring');
    expect(byName(items, 'Flooring')).toMatchObject({ isSelected: false, cost: 3000, customAmount: false });
  });

  it('changes only the named item, returns a new array and leaves the input alone', () => {
    const before = structuredClone([...defaultRepairCatalog]);
    const items = toggleRepair(defaultRepairCatalog, 'HVAC Replacement');
    expect(items).not.toBe(defaultRepairCatalog);
    expect(defaultRepairCatalog).toEqual(before);
    expect(items.filter((item, index) => item !== defaultRepairCatalog[index]).map((item) => item.name)).toEqual([
      'HVAC Replacement',
    ]);
  });

  it('ignores an unknown name', () => {
    expect(toggleRepair(defaultRepairCatalog, 'Pool')).toEqual(defaultRepairCatalog);
  });

  it('toggling twice from unselected gives the original item back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...defaultRepairCatalog.map((item) => item.name)), (name) => {
        expect(toggleRepair(toggleRepair(defaultRepairCatalog, name), name)).toEqual(defaultRepairCatalog);
      }),
    );
  });
});

describe('setRepairCost', () => {
  it.each([
    [8000, 8000],
    [0, 0],
    [1234.567, 1234.57],
    [-50, 0],
    [Number.NaN, 0],
    [Number.NEGATIVE_INFINITY, 0],
    [Number.POSITIVE_INFINITY, 1e10],
    [2e10, 1e10],
  ])('cost %s is stored as %s and marked custom', (input, stored) => {
    const items = setRepairCost(defaultRepairCatalog, 'Kitchen Remodel', input);
    expect(byName(items, 'Kitchen Remodel')).toMatchObject({ cost: stored, customAmount: true, isSelected: false });
    expect(byName(defaultRepairCatalog, 'Kitchen Remodel')?.cost).toBe(10000);
  });

  it('always stores a finite cost between 0 and 1e10', () => {
    fc.assert(
      fc.property(fc.double(), (cost) => {
        const stored = byName(setRepairCost(defaultRepairCatalog, 'New Roof', cost), 'New Roof')?.cost;
        expect(Number.isFinite(stored)).toBe(true);
        expect(stored).toBeGreaterThanOrEqual(0);
        expect(stored).toBeLessThanOrEqual(1e10);
      }),
    );
  });
});

describe('selectedRepairs and totalSelectedRepairCost', () => {
  it.each([
    [[], [], 0],
    [['New Roof'], ['New Roof'], 7000],
    [['Flooring', 'New Roof'], ['New Roof', 'Flooring'], 10000],
    [
      defaultRepairCatalog.map((item) => item.name),
      defaultRepairCatalog.map((item) => item.name),
      7000 + 10000 + 6000 + 5000 + 3000 + 4000 + 5000,
    ],
  ])('selecting %j gives %j totalling %s', (toSelect, expectedNames, total) => {
    const items = toSelect.reduce<RepairItem[]>((state, name) => toggleRepair(state, name), [...defaultRepairCatalog]);
    expect(selectedRepairs(items).map((item) => item.name)).toEqual(expectedNames);
    expect(totalSelectedRepairCost(items)).toBe(total);
  });

  it('adds cents without binary noise', () => {
    let items = toggleRepair(toggleRepair(defaultRepairCatalog, 'New Roof'), 'Flooring');
    items = setRepairCost(setRepairCost(items, 'New Roof', 0.1), 'Flooring', 0.2);
    expect(totalSelectedRepairCost(items)).toBe(0.3);
  });

  it('equals the sum of selected costs (within a cent)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ selected: fc.boolean(), cents: fc.integer({ min: 0, max: 1e8 }) }), { maxLength: 7 }),
        (choices) => {
          let items: RepairItem[] = [...defaultRepairCatalog];
          choices.forEach(({ selected, cents }, index) => {
            const name = defaultRepairCatalog[index]?.name ?? '';
            if (selected) items = toggleRepair(items, name);
            items = setRepairCost(items, name, cents / 100);
          });
          const expectedCents = items
            .filter((item) => item.isSelected)
            .reduce((sum, item) => sum + Math.round(item.cost * 100), 0);
          expect(totalSelectedRepairCost(items)).toBe(expectedCents / 100);
        },
      ),
    );
  });
});
