import { describe, expect, it } from 'vitest';
import type { SavedArvComps } from './arv-request-schema';
import { marketValueFromComps } from './market-value-from-comps';

const kept: SavedArvComps = {
  subject: { sqft: 1500 },
  comps: [
    { price: 300000, soldDate: '2025-01-10', sqft: 1500 },
    { price: 310000, soldDate: '2025-01-20', sqft: 1520 },
    { price: 305000, soldDate: '2025-02-01', sqft: 1490 },
  ],
  estimate: {
    arv: 305000,
    low: 295000,
    high: 316000,
    confidence: 72,
    used: [
      { index: 0, adjustedPrice: 300000 },
      { index: 1, adjustedPrice: 306000 },
      { index: 2, adjustedPrice: 307000 },
    ],
  },
};

describe('marketValueFromComps', () => {
  it.each([
    ['the market value is the kept ARV', kept, 305000, { compCount: 3, low: 295000, high: 316000, confidence: 72 }],
    ['the market value was typed instead', kept, 300000, undefined],
    ['the comps were kept without an estimate', { ...kept, estimate: undefined }, 305000, undefined],
    ['no comps were kept', null, 305000, undefined],
  ])('%s', (_, arvComps, marketValue, expected) => {
    expect(marketValueFromComps(arvComps, marketValue)).toEqual(expected);
  });
});
