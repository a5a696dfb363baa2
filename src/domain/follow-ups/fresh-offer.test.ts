import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInTemplates, defaultTemplate } from '../offer/built-in-templates';
import { computeOfferRange, namedFormula } from '../offer/compute-offer-range';
import { freshOfferFormula, freshOfferRange } from './fresh-offer';

const own = { name: 'Our Buy Box', arvMultiplier: 0.65, repairMultiplier: 1.1, minProfit: 8000, maxProfit: 22000 };

describe('freshOfferFormula', () => {
  it('takes the formula the offer was computed with first', () => {
    expect(freshOfferFormula({ kept: own, templateName: 'Light Rehab', workspaceTemplates: [] })).toBe(own);
  });

  it('else the workspace’s template of that name in any case, then a built-in, then Standard Wholesale', () => {
    expect(freshOfferFormula({ kept: null, templateName: 'our buy box ', workspaceTemplates: [own] })).toEqual(own);
    const lightRehab = builtInTemplates.find((template) => template.name === 'Light Rehab')!;
    expect(freshOfferFormula({ kept: null, templateName: 'Light Rehab', workspaceTemplates: [own] })).toEqual(
      namedFormula(lightRehab),
    );
    expect(freshOfferFormula({ kept: null, templateName: '', workspaceTemplates: [own] })).toEqual(
      namedFormula(defaultTemplate),
    );
  });
});

describe('freshOfferRange', () => {
  it('is the offer formula’s range over the lead’s current figures, or null when the deal does not work', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (marketValue, repairs) => {
          const range = computeOfferRange({ marketValue, totalRepairCost: repairs, template: defaultTemplate });
          const fresh = freshOfferRange({ marketValue, totalRepairCost: repairs, formula: defaultTemplate });
          expect(fresh).toEqual(range.low >= 0 ? range : null);
        },
      ),
    );
  });
});
