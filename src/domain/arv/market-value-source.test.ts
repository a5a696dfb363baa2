import { describe, expect, it } from 'vitest';
import { MarketValueSourceSchema, type ArvFromComps } from './arv-request-schema';
import { arvCompsOf, readsAsMarketValueSource, storedMarketValueSource, typedMarketValue } from './market-value-source';

const arvComps: ArvFromComps = {
  subject: { sqft: 1500 },
  comps: [
    { price: 300000, soldDate: '2025-01-10', sqft: 1500, address: '1 Elm St' },
    { price: 310000, soldDate: '2025-01-20', sqft: 1520, decision: { action: 'pin', reason: 'Same street' } },
    { price: 305000, soldDate: '2025-02-01', sqft: 1490 },
  ],
  estimate: {
    arv: 305000,
    low: 295000,
    high: 316000,
    confidence: 72,
    used: [0, 1, 2].map((index) => ({ index, adjustedPrice: 305000 })),
  },
};

describe('MarketValueSourceSchema', () => {
  it('accepts a typed value and the ARV from comps with its comps', () => {
    expect(MarketValueSourceSchema.parse({ kind: 'typed' })).toEqual(typedMarketValue);
    expect(MarketValueSourceSchema.parse({ kind: 'comps', arvComps })).toEqual({ kind: 'comps', arvComps });
  });

  it.each([
    ['comps without the estimate used', { kind: 'comps', arvComps: { ...arvComps, estimate: undefined } }],
    [
      'a used comp that is not among the comps',
      { kind: 'comps', arvComps: { ...arvComps, comps: arvComps.comps.slice(0, 2) } },
    ],
    ['an unknown source', { kind: 'zestimate' }],
    ['a typed value carrying comps', { kind: 'typed', arvComps }],
    [
      'a NUL in a comp’s address',
      {
        kind: 'comps',
        arvComps: { ...arvComps, comps: [{ ...arvComps.comps[0]!, address: 'a\u0000' }, ...arvComps.comps.slice(1)] },
      },
    ],
  ])('refuses %s', (_, source) => {
    expect(MarketValueSourceSchema.safeParse(source).success).toBe(false);
  });
});

describe('readsAsMarketValueSource', () => {
  it('reads a kept typed value or comps with their estimate, and nothing else', () => {
    expect(readsAsMarketValueSource({ kind: 'typed' })).toBe(true);
    expect(readsAsMarketValueSource({ kind: 'comps', arvComps })).toBe(true);
    for (const kept of [
      undefined,
      null,
      'comps',
      { kind: 'zestimate' },
      { kind: 'comps' },
      { kind: 'comps', arvComps: { ...arvComps, estimate: undefined } },
      { kind: 'comps', arvComps: { ...arvComps, comps: 'many' } },
    ])
      expect(readsAsMarketValueSource(kept)).toBe(false);
  });
});

describe('storedMarketValueSource', () => {
  it('is the comps when the kept estimate’s ARV is the market value, typed otherwise', () => {
    expect(storedMarketValueSource(arvComps, 305000)).toEqual({ kind: 'comps', arvComps });
    expect(storedMarketValueSource(arvComps, 300000)).toEqual(typedMarketValue);
    expect(storedMarketValueSource({ ...arvComps, estimate: undefined }, 305000)).toEqual(typedMarketValue);
    expect(storedMarketValueSource(null, 305000)).toEqual(typedMarketValue);
  });

  it('gives the comps only of a source from comps', () => {
    expect(arvCompsOf({ kind: 'comps', arvComps })).toBe(arvComps);
    expect(arvCompsOf(typedMarketValue)).toBeUndefined();
    expect(arvCompsOf(undefined)).toBeUndefined();
  });
});
