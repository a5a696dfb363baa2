import { describe, expect, it } from 'vitest';
import type { ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import { builtInTemplates, defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { repairCostMessages } from '#domain/repairs/typed-repair-cost.ts';
import {
  calculatorReducer,
  initialCalculatorState,
  type CalculatorAction,
  type CalculatorState,
} from './calculator-state';

const roof = 'New Roof';

function apply(...actions: CalculatorAction[]): CalculatorState {
  return actions.reduce(calculatorReducer, initialCalculatorState(defaultRepairCatalog, defaultTemplate));
}

const filledIn: CalculatorAction[] = [
  { type: 'setAddress', address: '12 Elm St, Austin, TX' },
  { type: 'setMarketValue', text: '300000' },
  { type: 'toggleRepair', name: roof },
];
const roofCost = (state: CalculatorState) => state.repairs.find((repair) => repair.name === roof)!.cost;

describe('a repair cost typed into the calculator', () => {
  it('counts at once when valid, and hides the offer range on every keystroke', () => {
    const offered = apply(...filledIn, { type: 'calculate' });
    expect(offered.offer).not.toBeNull();
    const typed = calculatorReducer(offered, { type: 'typeRepairCost', name: roof, text: '12500' });
    expect(roofCost(typed)).toBe(12500);
    expect(typed.offer).toBeNull();
    expect(calculatorReducer(offered, { type: 'typeRepairCost', name: roof, text: '-' }).offer).toBeNull();
  });

  it('refuses to compute an offer from the last valid cost while the field holds a refused one', () => {
    const state = apply(
      ...filledIn,
      { type: 'typeRepairCost', name: roof, text: '9000' },
      { type: 'typeRepairCost', name: roof, text: '-100' },
      { type: 'leaveRepairCost', name: roof },
    );
    expect(state.errors.repairCosts).toEqual({ [roof]: repairCostMessages.notAnAmount });
    expect(state.repairCostTexts[roof]).toBe('-100');

    const refused = calculatorReducer(state, { type: 'calculate' });
    expect(refused.offer).toBeNull();
    expect(refused.errors.repairCosts).toEqual({ [roof]: repairCostMessages.notAnAmount });
  });

  it('checks a field still being edited when Get Cash Offer is pressed from it', () => {
    const refused = apply(
      ...filledIn,
      { type: 'typeRepairCost', name: roof, text: '20000000000' },
      { type: 'calculate' },
    );
    expect(refused.offer).toBeNull();
    expect(refused.errors.repairCosts).toEqual({ [roof]: repairCostMessages.tooLarge });
    expect(roofCost(refused)).not.toBe(1e10);

    const emptied = apply(...filledIn, { type: 'typeRepairCost', name: roof, text: '' }, { type: 'calculate' });
    expect(roofCost(emptied)).toBe(0);
    expect(emptied.offer?.totalRepairCost).toBe(0);
  });

  it('forgets a refused cost when its repair is deselected, so the offer can be computed', () => {
    const state = apply(
      ...filledIn,
      { type: 'typeRepairCost', name: roof, text: 'abc' },
      { type: 'leaveRepairCost', name: roof },
      { type: 'toggleRepair', name: roof },
      { type: 'calculate' },
    );
    expect(state.errors).toEqual({});
    expect(state.repairCostTexts).toEqual({});
    expect(state.offer).not.toBeNull();
  });

  it('a corrected cost clears the error and counts in the offer', () => {
    const state = apply(
      ...filledIn,
      { type: 'typeRepairCost', name: roof, text: '-100' },
      { type: 'leaveRepairCost', name: roof },
      { type: 'typeRepairCost', name: roof, text: '$8,000' },
      { type: 'leaveRepairCost', name: roof },
      { type: 'calculate' },
    );
    expect(state.errors).toEqual({});
    expect(state.repairCostTexts).toEqual({});
    expect(state.offer?.totalRepairCost).toBe(8000);
  });
});

describe('choosing another formula template', () => {
  const other = builtInTemplates.find((template) => template.name !== defaultTemplate.name)!;

  it('works the offer on screen out again with the new formula', () => {
    const offered = apply(...filledIn, { type: 'calculate' });
    const reworked = calculatorReducer(offered, { type: 'selectTemplate', template: other });
    const fresh = apply(...filledIn, { type: 'selectTemplate', template: other }, { type: 'calculate' });
    expect(reworked.offer?.input.template).toEqual(other);
    expect(reworked.offer).toEqual(fresh.offer);
    expect(reworked.offer?.offerRange).not.toEqual(offered.offer?.offerRange);
  });

  it('makes no offer when none was asked for yet', () => {
    const chosen = apply({ type: 'setAddress', address: '12 Elm St' }, { type: 'selectTemplate', template: other });
    expect(chosen.template).toEqual(other);
    expect(chosen.offer).toBeNull();
    expect(chosen.errors).toEqual({});
  });
});

describe('the market value’s source', () => {
  const arvComps: ArvFromComps = {
    subject: { sqft: 1500 },
    comps: [
      { price: 310000, soldDate: '2025-01-10', sqft: 1500 },
      { price: 305000, soldDate: '2025-02-10', sqft: 1480 },
      { price: 300000, soldDate: '2025-03-10', sqft: 1520 },
    ],
    estimate: {
      arv: 305000,
      low: 295000,
      high: 316000,
      confidence: 70,
      used: [0, 1, 2].map((index) => ({ index, adjustedPrice: 305000 })),
    },
  };

  it('is typed until Use this ARV, which puts the ARV in the field and computes an offer carrying its comps', () => {
    expect(apply(...filledIn, { type: 'calculate' }).offer?.marketValueSource).toEqual({ kind: 'typed' });
    const used = apply(...filledIn, { type: 'useArv', arvComps });
    expect(used.marketValueText).toBe('305000');
    expect(used.offer?.input.marketValue).toBe(305000);
    expect(used.offer?.marketValueSource).toEqual({ kind: 'comps', arvComps });
  });

  it('keeps the comps through other edits, and drops them once the market value is typed, even as the same figure', () => {
    const used = apply(...filledIn, { type: 'useArv', arvComps });
    const repaired = apply(
      ...filledIn,
      { type: 'useArv', arvComps },
      { type: 'toggleRepair', name: roof },
      { type: 'calculate' },
    );
    expect(repaired.offer?.marketValueSource).toEqual({ kind: 'comps', arvComps });
    const retyped = [{ type: 'setMarketValue', text: '305000' }, { type: 'calculate' }] as const;
    expect(retyped.reduce(calculatorReducer, used).offer?.marketValueSource).toEqual({ kind: 'typed' });
  });
});
