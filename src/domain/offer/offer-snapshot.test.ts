import { describe, expect, it } from 'vitest';
import { defaultTemplate } from './built-in-templates';
import { namedFormula } from './compute-offer-range';
import { snapshotReceipt, type OfferSnapshot } from './offer-snapshot';

const offer: OfferSnapshot = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: [{ name: 'New Roof', cost: 9000 }],
  totalRepairCost: 9000,
  templateName: defaultTemplate.name,
  offerRange: { low: 111000, high: 126000 },
  formula: namedFormula(defaultTemplate),
};

describe('snapshotReceipt', () => {
  it('recomputes a kept offer from its formula, to the same range', () => {
    expect(snapshotReceipt(offer)).toMatchObject({
      buyerValue: 140000,
      repairAllowance: 9000,
      range: offer.offerRange,
    });
  });

  it('has none for an offer whose formula was not kept, or whose range was set by hand', () => {
    expect(snapshotReceipt({ ...offer, formula: null })).toBeNull();
    expect(snapshotReceipt({ ...offer, offerRange: { low: 115000, high: 126000 } })).toBeNull();
  });
});
