import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTemplate } from './built-in-templates';
import { computeOfferRange, namedFormula } from './compute-offer-range';
import {
  HOMEOWNER_VIEW_DETAILS,
  HomeownerViewSchema,
  defaultHomeownerView,
  readHomeownerView,
  showOffer,
  type HomeownerView,
} from './homeowner-view';
import type { OfferSnapshot } from './offer-snapshot';

const offers = fc
  .record({
    marketValue: fc.integer({ min: 10_000, max: 2_000_000 }),
    repairs: fc.uniqueArray(
      fc.record({ name: fc.string({ minLength: 1, maxLength: 12 }), cost: fc.integer({ min: 0, max: 90_000 }) }),
      {
        selector: (repair) => repair.name,
        maxLength: 6,
      },
    ),
    sales: fc.array(fc.integer({ min: 10_000, max: 2_000_000 }), { maxLength: 4 }),
  })
  .map(({ marketValue, repairs, sales }) => {
    const totalRepairCost = repairs.reduce((sum, repair) => sum + repair.cost, 0);
    const offer: OfferSnapshot = {
      address: '1 Main St',
      marketValue,
      repairs,
      totalRepairCost,
      templateName: defaultTemplate.name,
      offerRange: computeOfferRange({ marketValue, totalRepairCost, template: defaultTemplate }),
      formula: namedFormula(defaultTemplate),
    };
    return {
      ...offer,
      nearbySales: sales.map((price, i) => ({ address: `${i} Oak St`, soldDate: '2026-01-01', price })),
    };
  });
const views = fc.record({ detail: fc.constantFrom(...HOMEOWNER_VIEW_DETAILS), netSheet: fc.boolean() });

/** Every number anywhere in a value, with the path it sits at. */
function figures(value: unknown, at = ''): Map<string, number> {
  const found = new Map<string, number>();
  if (typeof value === 'number') found.set(at, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      for (const [p, n] of figures(inner, `${at}.${key}`)) found.set(p, n);
  return found;
}

describe('showOffer', () => {
  it('shows only figures the offer computed, each at its own place, whatever the choice', () => {
    fc.assert(
      fc.property(offers, views, (offer, view) => {
        const computed = figures(offer);
        for (const [at, figure] of figures(showOffer(offer, view))) expect(computed.get(at)).toBe(figure);
      }),
    );
  });

  it('sends no repairs, formula, market value or sales for "range only" without the net sheet', () => {
    fc.assert(
      fc.property(offers, (offer) => {
        const shown = showOffer(offer, { detail: 'range', netSheet: false });
        expect(shown).toMatchObject({ marketValue: null, repairs: null, totalRepairCost: null, formula: null });
        expect(shown.nearbySales).toEqual([]);
        expect([...figures(shown).keys()].sort()).toEqual(['.offerRange.high', '.offerRange.low']);
      }),
    );
  });

  it('keeps the repairs but not the formula or market value for "range with repairs"', () => {
    fc.assert(
      fc.property(offers, (offer) => {
        const shown = showOffer(offer, { detail: 'range-with-repairs', netSheet: false });
        expect(shown.repairs).toEqual(offer.repairs);
        expect(shown.totalRepairCost).toBe(offer.totalRepairCost);
        expect(shown.marketValue).toBeNull();
        expect(shown.formula).toBeNull();
      }),
    );
  });

  it('shows everything for the whole math, as today', () => {
    fc.assert(
      fc.property(offers, (offer) => {
        const { netSheet, detail, ...shown } = showOffer(offer, defaultHomeownerView);
        expect({ netSheet, detail }).toEqual({ netSheet: true, detail: 'whole-math' });
        expect(shown).toEqual(offer);
      }),
    );
  });
});

describe('readHomeownerView', () => {
  it('reads a stored choice and falls back to the whole math for none or a broken one', () => {
    const view: HomeownerView = { detail: 'range', netSheet: false };
    expect(readHomeownerView(JSON.stringify(view))).toEqual(view);
    expect(readHomeownerView(undefined)).toEqual(defaultHomeownerView);
    expect(readHomeownerView('{')).toEqual(defaultHomeownerView);
    expect(readHomeownerView('{"detail":"all"}')).toEqual(defaultHomeownerView);
  });

  it('refuses unknown details and extra keys', () => {
    expect(HomeownerViewSchema.safeParse({ detail: 'everything', netSheet: true }).success).toBe(false);
    expect(HomeownerViewSchema.safeParse({ detail: 'range', netSheet: true, formula: true }).success).toBe(false);
  });
});
