import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInTemplates } from '../offer/built-in-templates';
import { computeSimpleOfferRange } from '../offer/compute-offer-range';
import { bulkOfferRange } from './bulk-offer-range';

describe('bulkOfferRange', () => {
  it('is §5’s simple offer without repairs, and takes repairs × the repair multiplier off both ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 5_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.constantFrom(...builtInTemplates),
        (marketValue, repairs, template) => {
          const simple = computeSimpleOfferRange({ marketValue, template });
          expect(bulkOfferRange({ marketValue }, template)).toEqual(simple);
          const withRepairs = bulkOfferRange({ marketValue, repairs }, template);
          const allowance = repairs * template.repairMultiplier;
          expect(Math.abs(simple.low - withRepairs.low - allowance)).toBeLessThanOrEqual(1);
          expect(Math.abs(simple.high - withRepairs.high - allowance)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
