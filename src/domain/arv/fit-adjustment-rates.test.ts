import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AdjustmentRates,
  differencesFrom,
  fitAdjustmentRates,
  PRIOR_RATES,
  PRIOR_STRENGTH,
  RATE_BOUNDS,
  RATE_KINDS,
} from './fit-adjustment-rates';

const alike: AdjustmentRates = { size: 0, age: 0, beds: 0, baths: 0, lot: 0 };
const point = (differences: Partial<AdjustmentRates>, logPrice: number, weight = 1) => ({
  differences: { ...alike, ...differences },
  logPrice,
  weight,
});

describe('differencesFrom', () => {
  it('gives the subject less the comp, in log area for size and lot, and 0 where either is unknown', () => {
    const differences = differencesFrom(
      { sqft: 2000, beds: 3, yearBuilt: 1990, lotSqft: 5000 },
      { price: 1, soldDate: '2015-01-01', sqft: 1000, beds: 2, baths: 1, yearBuilt: 1950, lotSqft: 10_000 },
    );
    expect(differences.size).toBeCloseTo(Math.log(2), 12);
    expect(differences.lot).toBeCloseTo(-Math.log(2), 12);
    expect(differences).toMatchObject({ age: 40, beds: 1, baths: 0 });
  });
});

describe('fitAdjustmentRates', () => {
  it('moves a rate the comps vary in a third of the way from its prior toward their own slope', () => {
    // Prices rise 0.8 % per 1 % of living area: the fit lands at 0.5 + (0.8 − 0.5) / (1 + 2).
    const points = [-0.2, -0.1, 0, 0.1, 0.2].map((size) => point({ size }, 13 - 0.8 * size));
    const rates = fitAdjustmentRates(points);
    expect(rates.size).toBeCloseTo(PRIOR_RATES.size + (0.8 - PRIOR_RATES.size) / (1 + PRIOR_STRENGTH), 9);
    expect({ ...rates, size: PRIOR_RATES.size }).toEqual(PRIOR_RATES);
  });

  it('keeps the prior for what the comps do not vary in, and with no comps', () => {
    expect(fitAdjustmentRates([point({}, 13), point({}, 13.1)])).toEqual(PRIOR_RATES);
    expect(fitAdjustmentRates([])).toEqual(PRIOR_RATES);
  });

  it('keeps every rate within its bounds whatever the prices', () => {
    const arbitraryPoint = fc.record({
      size: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
      age: fc.integer({ min: -80, max: 80 }),
      beds: fc.integer({ min: -1, max: 1 }),
      baths: fc.constantFrom(-1, -0.5, 0, 0.5, 1),
      lot: fc.double({ min: -2, max: 2, noNaN: true }),
      logPrice: fc.double({ min: 10, max: 16, noNaN: true }),
      weight: fc.double({ min: 0.01, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryPoint, { maxLength: 30 }), (points) => {
        const rates = fitAdjustmentRates(
          points.map(({ logPrice, weight, ...differences }) => point(differences, logPrice, weight)),
        );
        for (const kind of RATE_KINDS) {
          expect(rates[kind]).toBeGreaterThanOrEqual(RATE_BOUNDS[kind][0]);
          expect(rates[kind]).toBeLessThanOrEqual(RATE_BOUNDS[kind][1]);
        }
      }),
    );
  });

  it('does not change when every price is scaled (the rates are in log price)', () => {
    const points = [
      point({ size: 0.1, age: 10 }, 13.2),
      point({ size: -0.15, beds: 1 }, 12.9),
      point({ baths: 1, lot: 0.5 }, 13.05),
      point({ size: 0.05, lot: -0.3, age: -20 }, 13.0),
    ];
    const scaled = points.map((entry) => ({ ...entry, logPrice: entry.logPrice + Math.log(3.7) }));
    const [a, b] = [fitAdjustmentRates(points), fitAdjustmentRates(scaled)];
    for (const kind of RATE_KINDS) expect(b[kind]).toBeCloseTo(a[kind], 9);
  });
});
