// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { calculatorStateFromDraft, keepCalculationDraft, readCalculationDraft } from './calculation-draft';

const arvComps: ArvFromComps = {
  subject: { sqft: 1500 },
  comps: [{ price: 305000, soldDate: '2025-01-10', sqft: 1500, address: '101 Elm St' }],
  estimate: { arv: 305000, low: 295000, high: 316000, confidence: 60, used: [{ index: 0, adjustedPrice: 305000 }] },
};
const input = {
  address: '100 Elm St, Austin, TX',
  marketValue: 305000,
  repairs: [...defaultRepairCatalog],
  template: defaultTemplate,
};

afterEach(() => sessionStorage.clear());

describe('a calculation kept through sign-in', () => {
  it('comes back with its market value from comps, and the offer computed again carries them', () => {
    keepCalculationDraft({ input, userType: 'wholesaler', marketValueSource: { kind: 'comps', arvComps } });
    const draft = readCalculationDraft();
    expect(draft?.marketValueSource).toEqual({ kind: 'comps', arvComps });
    const state = calculatorStateFromDraft(draft!, defaultRepairCatalog, [defaultTemplate]);
    expect(state.offer?.marketValueSource).toEqual({ kind: 'comps', arvComps });
    expect(state.offer?.input.marketValue).toBe(305000);
  });

  it('comes back typed when its source no longer reads as one', () => {
    sessionStorage.setItem(
      'calculation-draft',
      JSON.stringify({ input, userType: 'wholesaler', marketValueSource: { kind: 'comps', arvComps: { comps: 'x' } } }),
    );
    const draft = readCalculationDraft();
    expect(draft?.marketValueSource).toBeUndefined();
    expect(calculatorStateFromDraft(draft!, defaultRepairCatalog, [defaultTemplate]).offer?.marketValueSource).toEqual({
      kind: 'typed',
    });
  });
});
