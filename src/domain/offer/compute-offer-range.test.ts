import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInTemplates, defaultTemplate } from './built-in-templates';
import {
  computeOfferRange,
  computeSimpleOfferRange,
  offerIsWorkable,
  simpleOfferRangeFor,
} from './compute-offer-range';

const template = (name: string) => {
  const found = builtInTemplates.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no template ${name}`);
  return found;
};

describe('computeOfferRange acceptance examples', () => {
  it('200000, no repairs, Standard Wholesale → 120000 to 135000', () => {
    expect(computeOfferRange({ marketValue: 200000, totalRepairCost: 0, template: defaultTemplate })).toEqual({
      low: 120000,
      high: 135000,
    });
  });

  it('200000 with New Roof at 7000, Standard Wholesale → 113000 to 128000', () => {
    expect(computeOfferRange({ marketValue: 200000, totalRepairCost: 7000, template: defaultTemplate })).toEqual({
      low: 113000,
      high: 128000,
    });
  });
});

describe('computeOfferRange table', () => {
  it.each([
    // marketValue, repairs, template, low, high
    [200000, 0, 'Aggressive Investor', 90000, 110000],
    [200000, 10000, 'Light Rehab', 127000, 139000], // 150000 − 8000 = 142000
    [300000, 25000, 'Fix & Flip', 170000, 195000], // 240000 − 30000 = 210000
    [250000, 12000, 'Buy & Hold', 185500, 195500], // 212500 − 12000 = 200500
    [100000, 0, 'Standard Wholesale', 50000, 65000],
    [123456.78, 1234.56, 'Standard Wholesale', 65185, 80185], // 86419.746 − 1234.56 = 85185.186
    [10000, 0, 'Standard Wholesale', -13000, 2000], // deal does not work
    [1, 0, 'Fix & Flip', -40000, -15000], // floors toward −∞: −39999.2 → −40000
    [0.1 + 0.2, 0, 'Standard Wholesale', -20000, -5000], // 0.21 − 5000 = −4999.79 floors to −5000
    [82000, 0, 'Standard Wholesale', 37400, 52400], // 57400 − 5000 = 52399.99999999999 in binary
  ])('%s with repairs %s on %s → %s to %s', (marketValue, totalRepairCost, name, low, high) => {
    const result = computeOfferRange({ marketValue, totalRepairCost, template: template(name) });
    expect(result).toEqual({ low, high });
  });

  it('does not lose a dollar to binary floating error', () => {
    // Naive flooring would give 902 and 52399.
    expect(1290 * 0.7).toBe(902.9999999999999);
    expect(82000 * 0.7 - 5000).toBe(52399.99999999999);
    const zeroProfit = { ...defaultTemplate, minProfit: 0, maxProfit: 0 };
    expect(computeOfferRange({ marketValue: 1290, totalRepairCost: 0, template: zeroProfit })).toEqual({
      low: 903,
      high: 903,
    });
    expect(computeOfferRange({ marketValue: 82000, totalRepairCost: 0, template: defaultTemplate }).high).toBe(52400);
  });

  it('never returns -0', () => {
    const zeroProfit = { ...defaultTemplate, minProfit: 0, maxProfit: 0 };
    const result = computeOfferRange({ marketValue: 10, totalRepairCost: 7, template: zeroProfit });
    expect(Object.is(result.low, 0)).toBe(true);
  });
});

describe('computeSimpleOfferRange', () => {
  it.each([
    [200000, 'Standard Wholesale', 120000, 135000],
    [200000, 'Fix & Flip', 120000, 145000],
    [87654.32, 'Light Rehab', 50740, 62740], // 65740.74
  ])('%s on %s → %s to %s', (marketValue, name, low, high) => {
    expect(computeSimpleOfferRange({ marketValue, template: template(name) })).toEqual({ low, high });
  });

  it('equals computeOfferRange with no repairs', () => {
    fc.assert(
      fc.property(marketValueInDollarsAndCents, templateArbitrary(), (marketValue, formula) => {
        expect(computeSimpleOfferRange({ marketValue, template: formula })).toEqual(
          computeOfferRange({ marketValue, totalRepairCost: 0, template: formula }),
        );
      }),
    );
  });
});

describe('simpleOfferRangeFor', () => {
  it('compiled for a template, gives computeSimpleOfferRange’s figures, with or without cost lines', () => {
    const withCosts = fc.record({
      sellingCostPercent: fc.integer({ min: 0, max: 10 }),
      assignmentFee: fc.integer({ min: 0, max: 20000 }),
    });
    fc.assert(
      fc.property(
        marketValueInDollarsAndCents,
        templateArbitrary(),
        fc.option(withCosts),
        (marketValue, formula, costs) => {
          const template = { ...formula, ...costs };
          expect(simpleOfferRangeFor(template)(marketValue)).toEqual(
            computeSimpleOfferRange({ marketValue, template }),
          );
        },
      ),
    );
  });
});

describe('offerIsWorkable', () => {
  it.each([
    [{ low: 120000, high: 135000 }, true],
    [{ low: 0, high: 15000 }, true],
    [{ low: -1, high: 14000 }, false],
    [{ low: -40000, high: -15000 }, false],
    [{ low: Number.NaN, high: 1 }, false],
  ])('%o → %s', (range, expected) => {
    expect(offerIsWorkable(range)).toBe(expected);
  });
});

// Multipliers with two decimals and whole-dollar profits, as templates are entered.
function templateArbitrary() {
  return fc
    .record({
      arvHundredths: fc.integer({ min: 1, max: 150 }),
      repairHundredths: fc.integer({ min: 0, max: 500 }),
      minProfit: fc.integer({ min: 0, max: 100000 }),
      profitSpread: fc.integer({ min: 0, max: 100000 }),
    })
    .map(({ arvHundredths, repairHundredths, minProfit, profitSpread }) => ({
      arvMultiplier: arvHundredths / 100,
      repairMultiplier: repairHundredths / 100,
      minProfit,
      maxProfit: minProfit + profitSpread,
    }));
}
const marketValueInDollarsAndCents = fc.integer({ min: 1, max: 1e12 }).map((cents) => cents / 100);
const repairTotalInDollarsAndCents = fc.integer({ min: 0, max: 1e9 }).map((cents) => cents / 100);

describe('computeOfferRange properties', () => {
  it('gives whole dollars with low <= high', () => {
    fc.assert(
      fc.property(
        marketValueInDollarsAndCents,
        repairTotalInDollarsAndCents,
        templateArbitrary(),
        (marketValue, totalRepairCost, formula) => {
          const { low, high } = computeOfferRange({ marketValue, totalRepairCost, template: formula });
          expect(Number.isInteger(low)).toBe(true);
          expect(Number.isInteger(high)).toBe(true);
          expect(low).toBeLessThanOrEqual(high);
        },
      ),
    );
  });

  it('spans maxProfit − minProfit (within 1 for flooring)', () => {
    fc.assert(
      fc.property(
        marketValueInDollarsAndCents,
        repairTotalInDollarsAndCents,
        templateArbitrary(),
        (marketValue, totalRepairCost, formula) => {
          const { low, high } = computeOfferRange({ marketValue, totalRepairCost, template: formula });
          expect(Math.abs(high - low - (formula.maxProfit - formula.minProfit))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('never falls when the market value rises', () => {
    fc.assert(
      fc.property(
        marketValueInDollarsAndCents,
        marketValueInDollarsAndCents,
        repairTotalInDollarsAndCents,
        templateArbitrary(),
        (a, b, totalRepairCost, formula) => {
          const [smaller, larger] = a <= b ? [a, b] : [b, a];
          const lower = computeOfferRange({ marketValue: smaller, totalRepairCost, template: formula });
          const higher = computeOfferRange({ marketValue: larger, totalRepairCost, template: formula });
          expect(lower.low).toBeLessThanOrEqual(higher.low);
          expect(lower.high).toBeLessThanOrEqual(higher.high);
        },
      ),
    );
  });

  it('never rises when repairs rise', () => {
    fc.assert(
      fc.property(
        marketValueInDollarsAndCents,
        repairTotalInDollarsAndCents,
        repairTotalInDollarsAndCents,
        templateArbitrary(),
        (marketValue, a, b, formula) => {
          const [smaller, larger] = a <= b ? [a, b] : [b, a];
          const cheap = computeOfferRange({ marketValue, totalRepairCost: smaller, template: formula });
          const costly = computeOfferRange({ marketValue, totalRepairCost: larger, template: formula });
          expect(costly.low).toBeLessThanOrEqual(cheap.low);
          expect(costly.high).toBeLessThanOrEqual(cheap.high);
        },
      ),
    );
  });

  it('matches exact integer arithmetic for whole-dollar values and two-decimal multipliers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e7 }),
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 100000 }),
        fc.integer({ min: 0, max: 100000 }),
        (marketValue, totalRepairCost, arvHundredths, repairHundredths, minProfit, spread) => {
          const maxProfit = minProfit + spread;
          // dollars × hundredths = cents, exactly, in integers.
          const baseCents = marketValue * arvHundredths - totalRepairCost * repairHundredths;
          const expected = {
            low: Math.floor((baseCents - maxProfit * 100) / 100),
            high: Math.floor((baseCents - minProfit * 100) / 100),
          };
          const template = {
            arvMultiplier: arvHundredths / 100,
            repairMultiplier: repairHundredths / 100,
            minProfit,
            maxProfit,
          };
          const actual = computeOfferRange({ marketValue, totalRepairCost, template });
          expect(actual.low + 0).toBe(expected.low + 0);
          expect(actual.high + 0).toBe(expected.high + 0);
        },
      ),
    );
  });
});
