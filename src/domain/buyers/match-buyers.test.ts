import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUYER_PROPERTY_TYPES, BUYER_STRATEGIES } from './buyer-request';
import { dealArea, MATCH_POINTS, matchBuyer, matchBuyers, type MatchableBuyer, type MatchDeal } from './match-buyers';

const deal: MatchDeal = {
  zip: '78702',
  city: 'Austin',
  price: 150_000,
  priceSource: 'contract',
  arv: 260_000,
  repairs: 40_000,
  propertyType: null,
  today: '2026-11-29',
};

const buyer = (overrides: Partial<MatchableBuyer> = {}): MatchableBuyer => ({
  id: 'b1',
  name: 'Ann Buyer',
  optedOut: false,
  areas: [],
  propertyTypes: [],
  strategies: [],
  priceMin: null,
  priceMax: null,
  maxRepairs: null,
  proofOfFundsAmount: null,
  proofOfFundsExpiresOn: null,
  pastOffers: 0,
  closings: 0,
  ...overrides,
});

const points = (match: ReturnType<typeof matchBuyer>, criterion: string) =>
  match?.reasons.find((reason) => reason.criterion === criterion)?.points;

describe('matchBuyer', () => {
  it('scores a box that names the deal on every criterion it knows, with the reasons', () => {
    const match = matchBuyer(
      buyer({
        areas: ['78702'],
        priceMin: 100_000,
        priceMax: 200_000,
        maxRepairs: 50_000,
        proofOfFundsAmount: 300_000,
        proofOfFundsExpiresOn: '2026-12-31',
      }),
      deal,
    );
    expect(match?.reasons.map((reason) => [reason.criterion, reason.points, reason.text])).toEqual([
      ['area', 30, 'Buys in 78702'],
      ['price', 25, 'The contract price $150,000 is in their range ($100,000–$200,000)'],
      ['repairs', 15, 'Repairs $40,000 within their $50,000 limit'],
      ['type', 0, 'Property type not recorded: not checked'],
      ['proofOfFunds', 20, 'Proof of funds $300,000, valid to 2026-12-31'],
      ['pastResponse', 0, 'No offers on your deals yet'],
    ]);
    expect(match?.score).toBe(90);
  });

  it('scores a past response: a deal sold to them 10, offers on other deals 5, none 0, in words', () => {
    const past = (record: Partial<MatchableBuyer>) =>
      matchBuyer(buyer(record), deal)?.reasons.find((reason) => reason.criterion === 'pastResponse');
    expect(past({ closings: 2, pastOffers: 3 })).toMatchObject({
      points: 10,
      max: 10,
      text: 'Bought 2 deals from you',
    });
    expect(past({ closings: 1, pastOffers: 1 })).toMatchObject({ points: 10, text: 'Bought 1 deal from you' });
    expect(past({ pastOffers: 1 })).toMatchObject({ points: 5, text: 'Made 1 offer on your deals' });
    expect(past({ pastOffers: 4 })).toMatchObject({ points: 5, text: 'Made 4 offers on your deals' });
    expect(past({})).toMatchObject({ points: 0, text: 'No offers on your deals yet' });
    // A track record ranks a buyer above an equal box, and never lets in a box that shuts the deal out.
    const { matches } = matchBuyers(
      [buyer({ id: 'a', name: 'A' }), buyer({ id: 'z', name: 'Z', pastOffers: 1 })],
      deal,
    );
    expect(matches.map((match) => match.buyerId)).toEqual(['z', 'a']);
    expect(matchBuyer(buyer({ areas: ['Dallas'], closings: 5 }), deal)).toBeNull();
  });

  it.each([
    ['opted out', buyer({ optedOut: true })],
    ['areas without the ZIP or city', buyer({ areas: ['78701', 'Dallas'] })],
    ['a lowest price above it', buyer({ priceMin: 150_001 })],
    ['a highest price below it', buyer({ priceMax: 149_999 })],
    ['a repair limit below the repairs', buyer({ maxRepairs: 39_999 })],
    ['property types without its type', buyer({ propertyTypes: ['condo'] })],
  ])('never suggests a buyer with %s', (_, excluded) => {
    expect(matchBuyer(excluded, { ...deal, propertyType: 'single-family' })).toBeNull();
  });

  it('matches a city whatever its case and spacing, and a ZIP+4 deal by its five digits', () => {
    expect(points(matchBuyer(buyer({ areas: ['austin'] }), { ...deal, zip: null, city: ' Austin ' }), 'area')).toBe(30);
    expect(points(matchBuyer(buyer({ areas: ['78702'] }), { ...deal, zip: '78702-1234' }), 'area')).toBe(30);
  });

  it('scores proof of funds: none 0, expired 0, below the price 10, valid 20 (the last day still valid)', () => {
    const pof = (amount: number | null, expires: string | null) =>
      points(matchBuyer(buyer({ proofOfFundsAmount: amount, proofOfFundsExpiresOn: expires }), deal), 'proofOfFunds');
    expect(pof(null, null)).toBe(0);
    expect(pof(500_000, '2026-11-28')).toBe(0);
    expect(pof(100_000, '2027-01-01')).toBe(10);
    expect(pof(150_000, '2026-11-29')).toBe(20);
  });

  it('neither excludes nor scores what the deal does not know, and says so', () => {
    const match = matchBuyer(buyer({ priceMax: 10, maxRepairs: 10, propertyTypes: ['land'] }), {
      ...deal,
      price: null,
      priceSource: null,
      repairs: null,
    });
    expect(match?.reasons.find((reason) => reason.criterion === 'price')?.text).toBe(
      'No contract price or offer yet: price not checked',
    );
    expect(points(match, 'repairs')).toBe(0);
    expect(points(match, 'type')).toBe(0);
  });
});

const arbitraryBuyer = fc.record({
  id: fc.uuid(),
  name: fc.string({ maxLength: 8 }),
  optedOut: fc.boolean(),
  areas: fc.array(fc.constantFrom('78702', '78701', 'Austin', 'dallas'), { maxLength: 3 }),
  propertyTypes: fc.uniqueArray(fc.constantFrom(...BUYER_PROPERTY_TYPES), { maxLength: 3 }),
  strategies: fc.uniqueArray(fc.constantFrom(...BUYER_STRATEGIES)),
  priceMin: fc.option(fc.integer({ min: 0, max: 300_000 })),
  priceMax: fc.option(fc.integer({ min: 0, max: 300_000 })),
  maxRepairs: fc.option(fc.integer({ min: 0, max: 100_000 })),
  proofOfFundsAmount: fc.option(fc.integer({ min: 0, max: 500_000 })),
  proofOfFundsExpiresOn: fc.option(fc.constantFrom('2026-01-01', '2026-11-29', '2027-06-30')),
  pastOffers: fc.nat({ max: 5 }),
  closings: fc.nat({ max: 2 }),
});
const arbitraryDeal = fc.record({
  zip: fc.option(fc.constantFrom('78702', '78701')),
  city: fc.option(fc.constantFrom('Austin', 'Dallas')),
  price: fc.option(fc.integer({ min: 0, max: 300_000 })),
  priceSource: fc.constant('contract' as const),
  arv: fc.option(fc.integer({ min: 0, max: 500_000 })),
  repairs: fc.option(fc.integer({ min: 0, max: 100_000 })),
  propertyType: fc.option(fc.constantFrom(...BUYER_PROPERTY_TYPES)),
  today: fc.constant('2026-11-29'),
});

describe('matchBuyers (properties)', () => {
  it('suggests no opted-out buyer nor one whose box shuts the deal out, ranked by score, each score the sum of its reasons', () => {
    fc.assert(
      fc.property(fc.array(arbitraryBuyer, { maxLength: 30 }), arbitraryDeal, (buyers, someDeal) => {
        const { matches, matched } = matchBuyers(buyers, someDeal);
        expect(matched).toBe(matches.length);
        // A limit lists the first of the same ranking, and still counts every buyer who fits.
        expect(matchBuyers(buyers, someDeal, 3)).toEqual({ matched, matches: matches.slice(0, 3) });
        const byId = new Map(buyers.map((one) => [one.id, one]));
        for (const match of matches) {
          const matched = byId.get(match.buyerId)!;
          expect(matched.optedOut).toBe(false);
          if (someDeal.price !== null) {
            expect(matched.priceMin === null || someDeal.price >= matched.priceMin).toBe(true);
            expect(matched.priceMax === null || someDeal.price <= matched.priceMax).toBe(true);
          }
          if (someDeal.repairs !== null) {
            expect(matched.maxRepairs === null || someDeal.repairs <= matched.maxRepairs).toBe(true);
          }
          if (someDeal.propertyType !== null && matched.propertyTypes.length > 0) {
            expect(matched.propertyTypes).toContain(someDeal.propertyType);
          }
          expect(match.score).toBe(match.reasons.reduce((sum, reason) => sum + reason.points, 0));
          expect(match.score).toBeGreaterThanOrEqual(0);
          expect(match.score).toBeLessThanOrEqual(Object.values(MATCH_POINTS).reduce((a, b) => a + b, 0));
        }
        for (let at = 1; at < matches.length; at++) {
          expect(matches[at - 1]!.score).toBeGreaterThanOrEqual(matches[at]!.score);
        }
        // Every buyer left out is opted out or shut out: matchBuyer says null for them.
        const suggested = new Set(matches.map((match) => match.buyerId));
        for (const one of buyers) if (!suggested.has(one.id)) expect(matchBuyer(one, someDeal)).toBeNull();
      }),
    );
  });
});

describe('dealArea', () => {
  it.each([
    ['88 Birch Ln, Austin, TX 78702', { zip: '78702', city: 'Austin' }],
    ['12 Oak St, San Antonio, tx 78205-1234', { zip: '78205', city: 'San Antonio' }],
    ['5 Elm Rd, Round Rock, TX', { zip: null, city: 'Round Rock' }],
    ['5 Elm Rd 78702', { zip: '78702', city: null }],
    ['somewhere', { zip: null, city: null }],
  ])('reads %s', (address, expected) => {
    expect(dealArea(address)).toEqual(expected);
  });
});
