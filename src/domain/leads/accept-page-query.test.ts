import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptPageQuery, parseAcceptPageQuery, type AcceptedOffer } from './accept-page-query';

const offer: AcceptedOffer = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  offerRange: { low: 113000, high: 128000 },
  totalRepairCost: 7000,
};

describe('acceptPageQuery', () => {
  it('carries the §7 fields and the figures as numbers', () => {
    expect(acceptPageQuery(offer)).toEqual({
      ok: true,
      query: {
        cash_offer_range: '$113,000 - $128,000',
        estimated_repairs: '$7,000',
        repair_cost: '$7,000',
        repairs: '$7,000',
        total_repairs: '$7,000',
        repair_estimate: '$7,000',
        address: '12 Oak St, Austin, TX',
        market_value: '200000',
        offer_low: '113000',
        offer_high: '128000',
        repair_total: '7000',
      },
    });
  });

  it('adds an accepted counter-offer', () => {
    const result = acceptPageQuery({ ...offer, desiredPrice: 150000 });
    expect(result.ok && result.query.desired_price).toBe('150000');
  });

  it('fails with the §5 messages', () => {
    expect(acceptPageQuery({ ...offer, offerRange: { low: Number.NaN, high: 1 } })).toEqual({
      ok: false,
      message: 'Invalid offer range values',
    });
    expect(acceptPageQuery({ ...offer, totalRepairCost: -5 })).toEqual({
      ok: false,
      message: 'Invalid repair cost value',
    });
  });
});

describe('parseAcceptPageQuery', () => {
  const search = (query: Record<string, string>) => new URLSearchParams(query);
  const valid = () => {
    const result = acceptPageQuery(offer);
    if (!result.ok) throw new Error(result.message);
    return result.query;
  };

  it('reads back what acceptPageQuery wrote', () => {
    expect(parseAcceptPageQuery(search(valid()))).toEqual(offer);
  });

  it.each([
    ['no address', { address: '' }],
    ['a missing figure', { market_value: '' }],
    ['an exponent', { offer_low: '1e5' }],
    ['a reversed range', { offer_low: '130000' }],
    ['negative repairs', { repair_total: '-1' }],
    ['a bad desired price', { desired_price: 'lots' }],
  ])('gives null for %s', (_name, change) => {
    expect(parseAcceptPageQuery(search({ ...valid(), ...change }))).toBeNull();
  });

  it('round-trips any valid offer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.string({ minLength: 1, maxLength: 60 }).filter((text) => text.trim() !== ''),
        (marketValue, spread, repairs, address) => {
          const high = Math.floor(marketValue * 0.7);
          const accepted: AcceptedOffer = {
            address: address.trim(),
            marketValue,
            offerRange: { low: high - spread, high },
            totalRepairCost: repairs,
          };
          const result = acceptPageQuery(accepted);
          if (!result.ok) throw new Error(result.message);
          const params = new URLSearchParams(new URLSearchParams(result.query).toString());
          expect(parseAcceptPageQuery(params)).toEqual(accepted);
        },
      ),
    );
  });
});
