import { describe, expect, it } from 'vitest';
import type { SavedArvComps } from './arv-request-schema';
import { MAX_NEARBY_SALES, NearbySalesSchema, nearbySalesFromComps } from './nearby-sales';

const kept = (count: number, arv = 300_000): SavedArvComps => ({
  subject: { sqft: 1500 },
  comps: Array.from({ length: count }, (_, index) => ({
    price: 290_000 + index,
    soldDate: `2024-01-${String((index % 28) + 1).padStart(2, '0')}`,
    sqft: 1500,
    address: ` ${index + 1} Elm St `,
  })),
  estimate: {
    arv,
    low: 280_000,
    high: 320_000,
    confidence: 70,
    used: Array.from({ length: count }, (_, index) => ({ index, adjustedPrice: 300_000 })),
  },
});

describe('nearbySalesFromComps', () => {
  it('names the used comps, address trimmed, newest first, when the market value is their ARV', () => {
    expect(nearbySalesFromComps(kept(3), 300_000)).toEqual([
      { address: '3 Elm St', soldDate: '2024-01-03', price: 290_002 },
      { address: '2 Elm St', soldDate: '2024-01-02', price: 290_001 },
      { address: '1 Elm St', soldDate: '2024-01-01', price: 290_000 },
    ]);
  });

  it('names none for a typed market value, no estimate, no comps, or more sales than an offer names', () => {
    expect(nearbySalesFromComps(kept(3), 300_001)).toBeUndefined();
    expect(nearbySalesFromComps({ ...kept(3), estimate: undefined }, 300_000)).toBeUndefined();
    expect(nearbySalesFromComps(null, 300_000)).toBeUndefined();
    expect(nearbySalesFromComps(kept(MAX_NEARBY_SALES), 300_000)).toHaveLength(MAX_NEARBY_SALES);
    expect(nearbySalesFromComps(kept(MAX_NEARBY_SALES + 1), 300_000)).toBeUndefined();
  });

  it('names none when a used comp is missing or its sale could not be shown', () => {
    const missing = kept(3);
    missing.estimate!.used.push({ index: 7, adjustedPrice: 1 });
    expect(nearbySalesFromComps(missing, 300_000)).toBeUndefined();
    const bidi = kept(3);
    bidi.comps[0]!.address = '1 Elm St\u202E';
    expect(nearbySalesFromComps(bidi, 300_000)).toBeUndefined();
  });

  it('refuses an empty list: a link names at least one sale or none', () => {
    expect(NearbySalesSchema.safeParse([]).success).toBe(false);
  });
});
