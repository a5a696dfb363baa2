import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ArvComp, ArvSubject } from './arv-request-schema';
import { COMPS_WANTED_PER_TIER, PINNED_MONTHS_LIMIT, screenComps } from './screen-comps';

const subject: ArvSubject = { sqft: 1500, beds: 3, baths: 2, lat: 47.68, lng: -122.35, valueDate: '2015-03-01' };
const comp = (overrides: Partial<ArvComp> = {}): ArvComp => ({
  price: 500_000,
  soldDate: '2015-01-15',
  sqft: 1500,
  beds: 3,
  baths: 2,
  lat: 47.681,
  lng: -122.351,
  ...overrides,
});
const near = (n: number) =>
  Array.from({ length: n }, (_, i) => comp({ address: `${i + 1} Elm St`, price: 500_000 + i * 1000 }));

describe('screenComps', () => {
  it.each([
    ['size above +30 %', comp({ sqft: 2000 }), /^size: 2,000 sq ft is outside ±30 %/],
    ['size below −30 %', comp({ sqft: 1000 }), /^size: 1,000 sq ft/],
    ['beds beyond ±1', comp({ beds: 5 }), /^beds: 5 is outside ±1 of the subject's 3/],
    ['a price under 10 % of the median', comp({ price: 20_000 }), /^not arm's length: \$20,000 is under 10 %/],
    ['too far for the tier', comp({ lat: 47.7, lng: -122.35 }), /^too far: 1\.38 mi away, beyond 0\.5 mi/],
    [
      'too old for the tier',
      comp({ soldDate: '2014-05-01' }),
      /^too far: sold 10 months from the value date, beyond 6 months/,
    ],
  ])('excludes %s with its reason', (_, odd, reason) => {
    const result = screenComps(subject, [...near(COMPS_WANTED_PER_TIER), odd]);
    expect(result.excluded).toEqual([{ index: COMPS_WANTED_PER_TIER, reason: expect.stringMatching(reason) }]);
    expect(result.widening).toBeUndefined();
  });

  it('excludes the earlier sale of a home resold in the period', () => {
    const result = screenComps(subject, [
      ...near(COMPS_WANTED_PER_TIER),
      comp({ address: '9 Flip Ave', price: 300_000, soldDate: '2014-12-01' }),
      comp({ address: '9 flip  ave', price: 520_000, soldDate: '2015-02-01' }),
    ]);
    expect(result.excluded).toEqual([
      { index: COMPS_WANTED_PER_TIER, reason: "not arm's length: the same home was resold on 2015-02-01" },
    ]);
  });

  it('widens to 1 mi and 12 months when the first tier holds too few, and says so', () => {
    const farther = Array.from({ length: COMPS_WANTED_PER_TIER }, (_, i) =>
      comp({ lat: 47.69, address: `${i} Oak St`, soldDate: '2014-06-01' }),
    );
    const result = screenComps(subject, [comp(), ...farther]);
    expect(result.tier).toEqual({ miles: 1, months: 12 });
    expect(result.widening).toMatch(
      new RegExp(
        `^widened to 1 mi and 12 months: fewer than ${COMPS_WANTED_PER_TIER} usable sales within 0.5 mi and 6 months`,
      ),
    );
    expect(result.candidates).toHaveLength(COMPS_WANTED_PER_TIER + 1);
  });

  it('keeps a pinned comp whatever the tests say', () => {
    const result = screenComps(
      subject,
      [...near(COMPS_WANTED_PER_TIER), comp({ sqft: 4000 })],
      new Set([COMPS_WANTED_PER_TIER]),
    );
    expect(result.excluded).toEqual([]);
    expect(result.candidates.find((candidate) => candidate.index === COMPS_WANTED_PER_TIER)?.pinned).toBe(true);
  });

  it(`excludes a pinned comp sold more than ${PINNED_MONTHS_LIMIT} months from the value date, saying so (issue 37, finding 13)`, () => {
    const result = screenComps(
      subject,
      [...near(3), comp({ soldDate: '1715-01-15' }), comp({ soldDate: '2005-06-01' })],
      new Set([3, 4]),
    );
    expect(result.excluded).toEqual([
      {
        index: 3,
        reason: expect.stringMatching(
          /^too far: sold 36\d\d months from the value date, beyond 120 months even when pinned$/,
        ),
      },
    ]);
    expect(result.candidates.map((candidate) => candidate.index)).toEqual([0, 1, 2, 4]);
  });

  it('puts every comp either among the candidates or among the excluded with a reason, once', () => {
    const arbitraryComp = fc.record({
      price: fc.integer({ min: 10_000, max: 2_000_000 }),
      soldDate: fc.constantFrom('2013-01-10', '2014-06-01', '2014-11-20', '2015-02-28'),
      sqft: fc.integer({ min: 500, max: 4000 }),
      beds: fc.integer({ min: 0, max: 7 }),
      lat: fc.double({ min: 47.6, max: 47.76, noNaN: true }),
      lng: fc.double({ min: -122.45, max: -122.25, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryComp, { maxLength: 40 }), (comps) => {
        const result = screenComps(subject, comps);
        const indexes = [...result.candidates.map((c) => c.index), ...result.excluded.map((e) => e.index)].sort(
          (a, b) => a - b,
        );
        expect(indexes).toEqual(comps.map((_, i) => i));
        for (const entry of result.excluded) expect(entry.reason.length).toBeGreaterThan(5);
      }),
    );
  });
});
