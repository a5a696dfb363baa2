import type { CalculatedOffer } from '../../../domain/offer/calculated-offer';
import { computeOfferReceipt } from '../../../domain/offer/compute-offer-range';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import { parseMarketValue } from '../../../domain/money/parse-market-value';
import { calculationMessages } from '../../../domain/offer/calculation-messages';
import type { RepairItem } from '../../../domain/repairs/repair-catalog';
import { setRepairCost, toggleRepair, totalSelectedRepairCost } from '../../../domain/repairs/repair-state';

export interface CalculatorState {
  address: string;
  marketValueText: string;
  repairs: RepairItem[];
  template: FormulaTemplate;
  /** The offer last computed; null whenever an input changed since (any edit hides the range, §4). */
  offer: CalculatedOffer | null;
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
  // Get Cash Offer needs an address and a valid market value (§5).
  if (state.address.trim() === '') errors.address = calculationMessages.addressRequired;
  const marketValue = parseMarketValue(state.marketValueText);
  if (!marketValue.ok) errors.marketValue = marketValue.message;
  if (errors.address || !marketValue.ok) return { ...state, offer: null, errors };

  const totalRepairCost = totalSelectedRepairCost(state.repairs);
  const receipt = computeOfferReceipt({ marketValue: marketValue.value, totalRepairCost, template: state.template });
  const offer: CalculatedOffer = {
    input: {
      address: state.address.trim(),
      marketValue: marketValue.value,
      repairs: state.repairs,
      template: state.template,
    },
    totalRepairCost,
    offerRange: receipt.range,
    receipt,
  };
  return { ...state, errors: {}, offer };
}
