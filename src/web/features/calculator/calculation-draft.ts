import { readsAsMarketValueSource, type MarketValueSource } from '#domain/arv/market-value-source.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import type { CalculationInput } from '#domain/offer/offer-request-schema.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import { calculatorReducer, initialCalculatorState, type CalculatorState } from './calculator-state';
import { isUserType, type UserType } from './user-type';

/**
 * A calculation kept while its user is away from the calculator: signing in or registering to
 * save it ('Sign In to Save'), or on the lead form after Get Offer. The calculator comes back
 * with the same address, value (with the comps it came from), repairs, template and user type.
 * Kept in this tab's sessionStorage: it survives the trip (and a reload), and is gone with the tab.
 */
export interface CalculationDraft {
  input: CalculationInput;
  userType: UserType;
  /** Absent: typed. */
  marketValueSource?: MarketValueSource;
}

const STORAGE_KEY = 'calculation-draft';

export function keepCalculationDraft(draft: CalculationDraft) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, quota): the user re-enters the figures, as before.
  }
}

/** The kept draft, if any and if it still has the shape written above. */
export function readCalculationDraft(): CalculationDraft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<CalculationDraft> | null;
    const input = draft?.input;
    if (
      !draft ||
      !isUserType(draft.userType) ||
      typeof input?.address !== 'string' ||
      typeof input.marketValue !== 'number' ||
      !Array.isArray(input.repairs) ||
      typeof input.template?.name !== 'string'
    ) {
      return null;
    }
    // A source that no longer reads as one leaves the value typed.
    const source = draft.marketValueSource;
    return { ...(draft as CalculationDraft), marketValueSource: readsAsMarketValueSource(source) ? source : undefined };
  } catch {
    return null;
  }
}

export function forgetCalculationDraft() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The calculator as the draft left it, its offer computed again. */
export function calculatorStateFromDraft(
  { input, marketValueSource }: CalculationDraft,
  repairCatalog: readonly RepairItem[],
  templates: readonly FormulaTemplate[],
): CalculatorState {
  const template = templates.find((candidate) => candidate.name === input.template.name) ?? input.template;
  // The catalog's items, with the draft's selection and costs where the names still match.
  const kept = new Map(input.repairs.map((repair) => [repair.name, repair]));
  const repairs = repairCatalog.map((item) => {
    const draftItem = kept.get(item.name);
    return draftItem ? { ...item, isSelected: draftItem.isSelected, cost: draftItem.cost } : item;
  });
  let state = initialCalculatorState(repairs, template);
  state = calculatorReducer(state, { type: 'setAddress', address: input.address });
  state =
    marketValueSource?.kind === 'comps'
      ? { ...state, marketValueText: String(marketValueSource.arvComps.estimate.arv), marketValueSource }
      : calculatorReducer(state, { type: 'setMarketValue', text: String(input.marketValue) });
  const estimate = input.repairEstimate;
  if (estimate?.mode === 'per-square-foot') {
    state = calculatorReducer(state, { type: 'setRepairMode', mode: estimate.mode });
    state = calculatorReducer(state, {
      type: 'setPerSquareFoot',
      draft: {
        squareFeet: String(estimate.squareFeet),
        condition: estimate.condition,
        ratePerSquareFoot: String(estimate.ratePerSquareFoot),
        contingencyPercent: String(estimate.contingencyPercent),
      },
    });
  } else if (estimate?.mode === 'line-items') {
    state = calculatorReducer(state, { type: 'setRepairMode', mode: estimate.mode });
    state = calculatorReducer(state, {
      type: 'setLineItems',
      items: estimate.items.map((item) => ({
        name: item.name,
        quantity: String(item.quantity),
        unitCost: String(item.unitCost),
      })),
    });
  }
  return calculatorReducer(state, { type: 'calculate' });
}
