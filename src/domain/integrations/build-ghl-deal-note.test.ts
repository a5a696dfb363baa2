import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { dealFromCalculation } from '../offer/deal';
import { defaultRepairCatalog } from '../repairs/repair-catalog';
import { setRepairCost, toggleRepair } from '../repairs/repair-state';
import { buildGhlDealNote } from './build-ghl-deal-note';

const now = new Date('2026-11-24T10:00:00Z');
const repairs = setRepairCost(
  toggleRepair(toggleRepair(defaultRepairCatalog, 'New Roof'), 'Flooring'),
  'New Roof',
  9000,
);
const deal = dealFromCalculation({
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs,
  template: defaultTemplate,
});

describe('buildGhlDealNote', () => {
  it('carries the range, property, market value, repairs and the receipt of the formula that made the range', () => {
    const note = buildGhlDealNote(deal, now).split('\n');
    expect(note.slice(0, 7)).toEqual([
      'Cash offer: $108,000 - $123,000',
      'Property: 12 Oak St, Austin, TX',
      'Market value: $200,000',
      'Repairs: $12,000',
      '  New Roof: $9,000',
      '  Flooring: $3,000',
      `How the offer was computed (template: ${defaultTemplate.name}):`,
    ]);
    expect(note).toContain('  Market value (ARV): $200,000');
    expect(note).toContain('  × ARV multiplier 0.7: $140,000');
    expect(note).toContain('  Repairs $12,000 × repair multiplier 1: − $12,000');
    expect(note).toContain(`  Offer range (${defaultTemplate.name}): $108,000 - $123,000`);
    expect(note.at(-1)).toBe('Exported from Cash Offer Calculator on 2026-11-24');
  });

  it('says the template was not recorded for an offer kept without its formula, or set by hand', () => {
    for (const kept of [
      { ...deal, formula: null },
      { ...deal, offerRange: { low: 100000, high: 110000 } },
    ]) {
      const note = buildGhlDealNote(kept, now);
      expect(note).toContain('Template: not recorded with this offer');
      expect(note).not.toContain('How the offer was computed');
    }
  });

  it("names a lead's assignee after the property (issue 26), and nobody when none is given", () => {
    const note = buildGhlDealNote(deal, now, { assignee: 'Rita Rep' }).split('\n');
    expect(note.slice(0, 3)).toEqual([
      'Cash offer: $108,000 - $123,000',
      'Property: 12 Oak St, Austin, TX',
      'Assigned to: Rita Rep',
    ]);
    for (const assignee of [undefined, null, ''])
      expect(buildGhlDealNote(deal, now, { assignee })).not.toContain('Assigned to');
  });

  it('carries the ARV from comps (issue 28): the receipt says so and the used comps follow, address · date · price', () => {
    const arvComps = {
      subject: { sqft: 1500 },
      comps: [
        { price: 205_000, soldDate: '2025-01-10', sqft: 1500, address: '101 Elm St' },
        { price: 640_000, soldDate: '2025-01-12', sqft: 3200, address: '111 Elm St' },
        { price: 198_000, soldDate: '2025-02-07', sqft: 1450 },
        { price: 201_000, soldDate: '2025-03-07', sqft: 1480, address: '109 Elm St' },
      ],
      estimate: {
        arv: 200_000,
        low: 190_000,
        high: 212_000,
        confidence: 64,
        used: [
          { index: 0, adjustedPrice: 204_000 },
          { index: 2, adjustedPrice: 199_500 },
          { index: 3, adjustedPrice: 200_500 },
        ],
      },
    };
    const note = buildGhlDealNote({ ...deal, arvComps }, now).split('\n');
    expect(note).toContain(
      '  Market value: ARV from 3 comparable sales (80 % range $190,000–$212,000, confidence 64/100): $200,000',
    );
    const comps = note.indexOf('ARV from 3 comparable sales (address · sold · price):');
    expect(note.slice(comps + 1, comps + 4)).toEqual([
      '  101 Elm St · 2025-01-10 · $205,000',
      '  Comp 3 · 2025-02-07 · $198,000',
      '  109 Elm St · 2025-03-07 · $201,000',
    ]);
    expect(note.at(-1)).toBe('Exported from Cash Offer Calculator on 2026-11-24');
    expect(note.join('\n')).not.toContain('111 Elm St');

    // A market value typed instead of the ARV: the comps are not the offer's, the note names none.
    const typed = buildGhlDealNote(
      { ...deal, arvComps: { ...arvComps, estimate: { ...arvComps.estimate, arv: 201_000 } } },
      now,
    );
    expect(typed).toContain('  Market value (ARV): $200,000');
    expect(typed).not.toMatch(/comparable sales|Elm St/);
  });
});
