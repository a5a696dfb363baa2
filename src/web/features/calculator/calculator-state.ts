import { computeOfferRange, type OfferRange } from '../../../domain/offer/compute-offer-range';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import { parseMarketValue } from '../../../domain/money/parse-market-value';
import { calculationMessages } from '../../../domain/offer/calculation-messages';
import type { RepairItem } from '../../../domain/repairs/repair-catalog';
import { setRepairCost, toggleRepair, totalSelectedRepairCost } from '../../../domain/repairs/repair-state';

/** A computed offer with the inputs it came from (they cannot differ: any edit clears it). */
export interface ComputedOffer {
  address: string;
  marketValue: number;
  repairs: RepairItem[];
  totalRepairCost: number;
  template: FormulaTemplate;
  range: OfferRange;
}

export interface CalculatorState {
  address: string;
  marketValueText: string;
  repairs: RepairItem[];
  template: FormulaTemplate;
  /** The range last computed; null whenever an input changed since (§4: any edit hides the range). */
  offer: ComputedOffer | null;
  errors: { address?: string; marketValue?: string };
}

export type CalculatorAction =
  | { type: 'setAddress'; address: string }
  | { type: 'setMarketValue'; text: string }
  | { type: 'toggleRepair'; name: string }
  | { type: 'setRepairCost'; name: string; cost: number }
  | { type: 'selectTemplate'; template: FormulaTemplate }
  | { type: 'calculate' };

export function initialCalculatorState(repairs: readonly RepairItem[], template: FormulaTemplate): CalculatorState {
  return { address: '', marketValueText: '', repairs: [...repairs], template, offer: null, errors: {} };
}

export function calculatorReducer(state: CalculatorState, action: CalculatorAction): CalculatorState {
  switch (action.type) {
    case 'setAddress':
      return { ...state, address: action.address, offer: null, errors: { ...state.errors, address: undefined } };
    case 'setMarketValue':
      return {
        ...state,
        marketValueText: action.text,
        offer: null,
        errors: { ...state.errors, marketValue: undefined },
      };
    case 'toggleRepair':
      return { ...state, repairs: toggleRepair(state.repairs, action.name), offer: null };
    case 'setRepairCost':
      return { ...state, repairs: setRepairCost(state.repairs, action.name, action.cost), offer: null };
    case 'selectTemplate':
      return { ...state, template: action.template, offer: null };
    case 'calculate':
      return calculate(state);
  }
}

function calculate(state: CalculatorState): CalculatorState {
  const errors: CalculatorState['errors'] = {};
  // §5: Get offer needs an address and a market value.
  if (state.address.trim() === '') errors.address = calculationMessages.addressRequired;
  const marketValue = parseMarketValue(state.marketValueText);
  if (!marketValue.ok) errors.marketValue = marketValue.message;
  if (errors.address || !marketValue.ok) return { ...state, offer: null, errors };

  const totalRepairCost = totalSelectedRepairCost(state.repairs);
  const range = computeOfferRange({ marketValue: marketValue.value, totalRepairCost, template: state.template });
  const offer = {
    address: state.address.trim(),
    marketValue: marketValue.value,
    repairs: state.repairs,
    totalRepairCost,
    template: state.template,
    range,
  };
  return { ...state, errors: {}, offer };
}
