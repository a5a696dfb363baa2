import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { computeOfferRange } from '../offer/compute-offer-range';
import { CalculationInputSchema } from '../offer/offer-request-schema';
import { defaultRepairCatalog } from './repair-catalog';
import {
  calculationRepairs,
  REPAIR_CONDITION_IDS,
  REPAIR_CONDITIONS,
  repairEstimateCosts,
  repairEstimateMessages,
  repairEstimateProblems,
  type RepairEstimate,
} from './repair-estimate';
import { RepairEstimateSchema } from './repair-estimate-schema';
import { toggleRepair } from './repair-state';

const perSquareFoot = {
  mode: 'per-square-foot',
  squareFeet: 1500,
  condition: 'moderate',
  ratePerSquareFoot: 40,
  contingencyPercent: 15,
} as const;

describe('repair estimates', () => {
  it('per square foot: area × rate, plus the contingency on it', () => {
    expect(repairEstimateCosts(perSquareFoot)).toEqual({
      lines: [
        { name: 'Moderate repairs: 1,500 sq ft × $40', cost: 60000 },
        { name: 'Contingency 15%', cost: 9000 },
      ],
      total: 69000,
    });
  });

  it('line items: quantity × unit cost each, summed to the cent', () => {
    const estimate: RepairEstimate = {
      mode: 'line-items',
      items: [
        { name: 'Windows', quantity: 12, unitCost: 450 },
        { name: 'Paint (gallons)', quantity: 2.5, unitCost: 39.99 },
      ],
    };
    expect(repairEstimateCosts(estimate)).toEqual({
      lines: [
        { name: 'Windows (12 × $450)', cost: 5400 },
        { name: 'Paint (gallons) (2.5 × $39.99)', cost: 99.98 },
      ],
      total: 5499.98,
    });
  });

  it('without an estimate the checklist counts, as before: the spec’s $113,000 – $128,000 with New Roof', () => {
    const repairs = toggleRepair(defaultRepairCatalog, 'New Roof');
    const { total } = calculationRepairs({ repairs });
    expect(computeOfferRange({ marketValue: 200000, totalRepairCost: total, template: defaultTemplate })).toEqual({
      low: 113000,
      high: 128000,
    });
    // An estimate replaces the checklist whatever it holds.
    expect(calculationRepairs({ repairs, repairEstimate: perSquareFoot }).total).toBe(69000);
  });

  it('every condition’s rate is bounded, and each bound says which', () => {
    for (const condition of REPAIR_CONDITION_IDS) {
      const { min, max } = REPAIR_CONDITIONS[condition];
      for (const rate of [min - 1, max + 1]) {
        const result = RepairEstimateSchema.safeParse({ ...perSquareFoot, condition, ratePerSquareFoot: rate });
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(repairEstimateMessages.rate(condition));
      }
      expect(RepairEstimateSchema.safeParse({ ...perSquareFoot, condition, ratePerSquareFoot: min }).success).toBe(
        true,
      );
    }
  });

  it.each([
    [{ ...perSquareFoot, squareFeet: 99 }, repairEstimateMessages.squareFeet],
    [{ ...perSquareFoot, squareFeet: 1500.5 }, repairEstimateMessages.squareFeet],
    [{ ...perSquareFoot, contingencyPercent: 9 }, repairEstimateMessages.contingency],
    [{ ...perSquareFoot, contingencyPercent: 26 }, repairEstimateMessages.contingency],
    [{ mode: 'line-items', items: [] }, repairEstimateMessages.noItems],
    [{ mode: 'line-items', items: [{ name: ' ', quantity: 1, unitCost: 1 }] }, repairEstimateMessages.itemName],
    [{ mode: 'line-items', items: [{ name: 'Door', quantity: 0, unitCost: 1 }] }, repairEstimateMessages.quantity],
    [{ mode: 'line-items', items: [{ name: 'Door', quantity: 1, unitCost: -1 }] }, repairEstimateMessages.unitCost],
    [{ mode: 'line-items', items: [{ name: 'Door', quantity: Number.NaN, unitCost: 1 }] }, 'Must be a number'],
  ])('refuses %o with a clear message', (estimate, message) => {
    const result = RepairEstimateSchema.safeParse(estimate);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('the calculator’s own check (no zod) names a quantity that is not a number', () => {
    expect(
      repairEstimateProblems({ mode: 'line-items', items: [{ name: 'Door', quantity: Number.NaN, unitCost: 1 }] }),
    ).toEqual([{ path: ['items', 0, 'quantity'], message: repairEstimateMessages.quantity }]);
  });

  it('a calculation carries its estimate through the shared schema; old calculations without one still parse', () => {
    const base = { address: '1 A St', marketValue: 200000, repairs: defaultRepairCatalog, template: defaultTemplate };
    expect(CalculationInputSchema.parse(base).repairEstimate).toBeUndefined();
    expect(CalculationInputSchema.parse({ ...base, repairEstimate: perSquareFoot }).repairEstimate).toEqual(
      perSquareFoot,
    );
  });

  it('the total is always the sum of its lines, never negative', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.constant('Item'),
            quantity: fc.integer({ min: 1, max: 10_000 }),
            unitCost: fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        (items) => {
          const { lines, total } = repairEstimateCosts({ mode: 'line-items', items });
          expect(total).toBeGreaterThanOrEqual(0);
          expect(Math.abs(total - lines.reduce((sum, line) => sum + line.cost, 0))).toBeLessThan(0.005);
        },
      ),
    );
  });
});
