import type { CalculatedOffer } from '../../../domain/offer/calculated-offer';
import { computeOfferReceipt } from '../../../domain/offer/compute-offer-range';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import { parseMarketValue } from '../../../domain/money/parse-market-value';
import { calculationMessages } from '../../../domain/offer/calculation-messages';
import type { RepairItem } from '../../../domain/repairs/repair-catalog';
import {
  calculationRepairs,
  repairEstimateProblems,
  type RepairCondition,
  type RepairEstimate,
  type RepairMode,
} from '../../../domain/repairs/repair-estimate';
import { setRepairCost, toggleRepair } from '../../../domain/repairs/repair-state';
import { readTypedNumber } from '../../../domain/validation/typed-number';

/** The per-square-foot estimate as typed (numbers as text, so a field may be empty while edited). */
export interface PerSquareFootDraft {
  squareFeet: string;
  condition: RepairCondition;
  ratePerSquareFoot: string;
  contingencyPercent: string;
}

/** One line item as typed. */
export interface LineItemDraft {
  name: string;
  quantity: string;
  unitCost: string;
}

export const initialPerSquareFoot: PerSquareFootDraft = {
  squareFeet: '',
  condition: 'moderate',
  ratePerSquareFoot: '40',
  contingencyPercent: '15',
};
export const emptyLineItem: LineItemDraft = { name: '', quantity: '1', unitCost: '' };

export interface CalculatorState {
  address: string;
  marketValueText: string;
  repairs: RepairItem[];
  /** How repairs are estimated (issue 13): the checklist, or an estimate replacing it. */
  repairMode: RepairMode;
  perSquareFoot: PerSquareFootDraft;
  lineItems: LineItemDraft[];
  template: FormulaTemplate;
  /** The offer last computed; null whenever an input changed since (any edit hides the range, §4). */
  offer: CalculatedOffer | null;
  errors: { address?: string; marketValue?: string; repairs?: string };
}

export type CalculatorAction =
  | { type: 'setAddress'; address: string }
  | { type: 'setMarketValue'; text: string }
  | { type: 'toggleRepair'; name: string }
  | { type: 'setRepairCost'; name: string; cost: number }
  | { type: 'setRepairMode'; mode: RepairMode }
  | { type: 'setPerSquareFoot'; draft: PerSquareFootDraft }
  | { type: 'setLineItems'; items: LineItemDraft[] }
  | { type: 'selectTemplate'; template: FormulaTemplate }
  | { type: 'calculate' };

export function initialCalculatorState(repairs: readonly RepairItem[], template: FormulaTemplate): CalculatorState {
  return {
    address: '',
    marketValueText: '',
    repairs: [...repairs],
    repairMode: 'checklist',
    perSquareFoot: initialPerSquareFoot,
    lineItems: [emptyLineItem],
    template,
    offer: null,
    errors: {},
  };
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
    case 'setRepairMode':
      return { ...state, repairMode: action.mode, offer: null, errors: { ...state.errors, repairs: undefined } };
    case 'setPerSquareFoot':
      return { ...state, perSquareFoot: action.draft, offer: null, errors: { ...state.errors, repairs: undefined } };
    case 'setLineItems':
      return { ...state, lineItems: action.items, offer: null, errors: { ...state.errors, repairs: undefined } };
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
  const estimate = readRepairEstimate(state);
  if (!estimate.ok) errors.repairs = estimate.message;
  if (errors.address || !marketValue.ok || !estimate.ok) return { ...state, offer: null, errors };

  const repairEstimate = estimate.value ?? undefined;
  const totalRepairCost = calculationRepairs({ repairs: state.repairs, repairEstimate }).total;
  const receipt = computeOfferReceipt({ marketValue: marketValue.value, totalRepairCost, template: state.template });
  const offer: CalculatedOffer = {
    input: {
      address: state.address.trim(),
      marketValue: marketValue.value,
      repairs: state.repairs,
      ...(repairEstimate ? { repairEstimate } : {}),
      template: state.template,
    },
    totalRepairCost,
    offerRange: receipt.range,
    receipt,
  };
  return { ...state, errors: {}, offer };
}

/** The estimate the typed fields make (null in checklist mode), or the first thing wrong with it. */
export function readRepairEstimate(
  state: Pick<CalculatorState, 'repairMode' | 'perSquareFoot' | 'lineItems'>,
): { ok: true; value: RepairEstimate | null } | { ok: false; message: string } {
  if (state.repairMode === 'checklist') return { ok: true, value: null };
  const estimate: RepairEstimate =
    state.repairMode === 'per-square-foot'
      ? {
          mode: state.repairMode,
          squareFeet: readTypedNumber(state.perSquareFoot.squareFeet),
          condition: state.perSquareFoot.condition,
          ratePerSquareFoot: readTypedNumber(state.perSquareFoot.ratePerSquareFoot),
          contingencyPercent: readTypedNumber(state.perSquareFoot.contingencyPercent),
        }
      : {
          mode: state.repairMode,
          items: state.lineItems.map((item) => ({
            name: item.name.trim(),
            quantity: readTypedNumber(item.quantity),
            unitCost: readTypedNumber(item.unitCost),
          })),
        };
  const [problem] = repairEstimateProblems(estimate);
  return problem ? { ok: false, message: problem.message } : { ok: true, value: estimate };
}
