import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEGOTIATION_THRESHOLD, negotiationOutcome, negotiationThreshold } from './negotiation-outcome';

describe('negotiationThreshold', () => {
  it.each([
    [200000, 164000],
    [100000, 82000],
    [250000.5, 205000.41],
    [1, 0.82],
    [1e10, 8.2e9],
  ])('82%% of %s is %s', (marketValue, threshold) => {
    expect(negotiationThreshold(marketValue)).toBe(threshold);
  });

  it('is 82% of market value (§9)', () => {
    expect(NEGOTIATION_THRESHOLD).toBe(0.82);
  });
});

describe('negotiationOutcome (§4: a homeowner above 82% of market value needs the programme)', () => {
  it.each([
    // homeowner: above 82 percent needs the programme, at or below is accepted
    [180000, 200000, 'homeowner', 'needs-program-info'],
    [164000.01, 200000, 'homeowner', 'needs-program-info'],
    [164000, 200000, 'homeowner', 'accepted'],
    [120000, 200000, 'homeowner', 'accepted'],
    [82000, 100000, 'homeowner', 'accepted'],
    [82001, 100000, 'homeowner', 'needs-program-info'],
    [250000, 200000, 'homeowner', 'needs-program-info'],
    // a wholesaler's counter-offer is always accepted
    [180000, 200000, 'wholesaler', 'accepted'],
    [250000, 200000, 'wholesaler', 'accepted'],
  ] as const)('desired %s on %s as %s → %s', (desiredPrice, marketValue, userType, outcome) => {
    expect(negotiationOutcome({ desiredPrice, marketValue, userType })).toBe(outcome);
  });

  it('accepts exactly 82 percent and refuses one cent more, for any market value in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1e12 }), (marketValueCents) => {
        const marketValue = marketValueCents / 100;
        const threshold = negotiationThreshold(marketValue);
        expect(negotiationOutcome({ desiredPrice: threshold, marketValue, userType: 'homeowner' })).toBe('accepted');
        expect(
          negotiationOutcome({
            desiredPrice: Math.round(threshold * 100 + 1) / 100,
            marketValue,
            userType: 'homeowner',
          }),
        ).toBe('needs-program-info');
      }),
    );
  });

  it('is monotonic: a lower desired price is never worse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 1e9 }),
        (marketValue, a, b) => {
          const [lower, higher] = a <= b ? [a, b] : [b, a];
          if (negotiationOutcome({ desiredPrice: higher, marketValue, userType: 'homeowner' }) === 'accepted') {
            expect(negotiationOutcome({ desiredPrice: lower, marketValue, userType: 'homeowner' })).toBe('accepted');
          }
        },
      ),
    );
  });
});
