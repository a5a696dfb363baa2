import { describe, expect, it } from 'vitest';
import { builtInTemplates, defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { namedFormula } from '#domain/offer/compute-offer-range.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { calculatorStateFromDeal, type OpenedDeal } from './opened-deal';

const deal = (overrides: Partial<OpenedDeal> = {}): OpenedDeal => ({
  savedPropertyId: '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e',
  leadId: null,
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: [{ name: 'New Roof', cost: 9000 }],
  repairEstimate: null,
  formula: namedFormula(defaultTemplate),
  arvComps: null,
  contact: { name: 'Ann Lee', email: '', phones: [''] },
  versions: [],
  ...overrides,
});

const open = (opened: OpenedDeal) =>
  calculatorStateFromDeal(opened, defaultRepairCatalog, builtInTemplates, builtInTemplates[0]!);

describe('calculatorStateFromDeal', () => {
  it('ticks the checklist’s repairs by name with their costs, picks the template and computes the offer', () => {
    const state = open(deal());
    expect(state.repairMode).toBe('checklist');
    expect(state.repairs.filter((repair) => repair.isSelected)).toMatchObject([{ name: 'New Roof', cost: 9000 }]);
    expect(state.template).toBe(defaultTemplate);
    // 200,000 × 0.7 − 9,000, less $20,000 to $5,000.
    expect(state.offer).toMatchObject({ totalRepairCost: 9000, offerRange: { low: 111000, high: 126000 } });
  });

  it('opens repairs that are not on the checklist as line items, and a formula the workspace no longer has as its own', () => {
    const own = { ...namedFormula(defaultTemplate), name: 'Our Old Formula', arvMultiplier: 0.65 };
    const state = open(deal({ repairs: [{ name: 'Repairs found on the walkthrough', cost: 25000 }], formula: own }));
    expect(state.repairMode).toBe('line-items');
    expect(state.lineItems).toEqual([{ name: 'Repairs found on the walkthrough', quantity: '1', unitCost: '25000' }]);
    expect(state.template).toMatchObject({ name: 'Our Old Formula', arvMultiplier: 0.65 });
    // 200,000 × 0.65 − 25,000 = 105,000, less $20,000 to $5,000.
    expect(state.offer?.offerRange).toEqual({ low: 85000, high: 100000 });
  });

  it('fills in only the address when the deal has no market value yet', () => {
    const state = open(deal({ marketValue: null, savedPropertyId: null }));
    expect(state).toMatchObject({ address: '12 Oak St, Austin, TX', marketValueText: '', offer: null });
  });
});
