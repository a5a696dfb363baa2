import type { ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import { typedMarketValue, type MarketValueSource } from '#domain/arv/market-value-source.ts';
import { parseMarketValue } from '#domain/money/parse-market-value.ts';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import { computeOfferReceipt } from '#domain/offer/compute-offer-range.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import {
  calculationRepairs,
  repairEstimateProblems,
  type RepairCondition,
  type RepairEstimateProblem,
  type RepairEstimate,
  type RepairMode,
} from '#domain/repairs/repair-estimate.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { readTypedRepairCost } from '#domain/repairs/typed-repair-cost.ts';
import { readTypedNumber } from '#domain/validation/typed-number.ts';

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
  /** Where the market value came from: 'Use this ARV' makes it the comps; typing in the field, typed. */
  marketValueSource: MarketValueSource;
  repairs: RepairItem[];
  /** Repair costs as typed, by repair name, while they differ from the cost they set (mid-edit, or refused). */
  repairCostTexts: Readonly<Record<string, string>>;
  /** How repairs are estimated (issue 13): the checklist, or an estimate replacing it. */
  repairMode: RepairMode;
  perSquareFoot: PerSquareFootDraft;
  lineItems: LineItemDraft[];
  template: FormulaTemplate;
  /** The offer last computed; null whenever an input changed since (any edit hides the range, §4). */
  offer: CalculatedOffer | null;
  errors: CalculatorErrors;
}

export interface CalculatorErrors {
  address?: string;
  marketValue?: string;
  /** The first thing wrong with a per-square-foot or line-item estimate, and the field it is in. */
  repairs?: RepairEstimateProblem;
  /** By repair name. */
  repairCosts?: Readonly<Record<string, string>>;
}

export type CalculatorAction =
  | { type: 'setAddress'; address: string }
  | { type: 'setMarketValue'; text: string }
  /** 'Use this ARV': the market value becomes the ARV from these comps, and the offer is computed. */
  | { type: 'useArv'; arvComps: ArvFromComps }
  | { type: 'toggleRepair'; name: string }
  /** A keystroke in a repair's cost field: a valid amount counts at once, anything else waits for 'leaveRepairCost'. */
  | { type: 'typeRepairCost'; name: string; text: string }
  | { type: 'leaveRepairCost'; name: string }
  | { type: 'setRepairMode'; mode: RepairMode }
  | { type: 'setPerSquareFoot'; draft: PerSquareFootDraft }
  | { type: 'setLineItems'; items: LineItemDraft[] }
  | { type: 'selectTemplate'; template: FormulaTemplate }
  | { type: 'calculate' };

export function initialCalculatorState(repairs: readonly RepairItem[], template: FormulaTemplate): CalculatorState {
  return {
    address: '',
    marketValueText: '',
    marketValueSource: typedMarketValue,
    repairs: [...repairs],
    repairCostTexts: {},
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
        marketValueSource: typedMarketValue,
        offer: null,
        errors: { ...state.errors, marketValue: undefined },
      };
    case 'useArv':
      return calculate({
        ...state,
        marketValueText: String(action.arvComps.estimate.arv),
        marketValueSource: { kind: 'comps', arvComps: action.arvComps },
        errors: { ...state.errors, marketValue: undefined },
      });
    case 'toggleRepair':
      return {
        ...forgetRepairCostText(state, action.name),
        repairs: toggleRepair(state.repairs, action.name),
        offer: null,
      };
    case 'typeRepairCost': {
      const typed = readTypedRepairCost(action.text);
      const counts = typed.ok && action.text.trim() !== '';
      return {
        ...state,
        repairs: counts ? setRepairCost(state.repairs, action.name, typed.value) : state.repairs,
        repairCostTexts: { ...state.repairCostTexts, [action.name]: action.text },
        offer: null,
        errors: { ...state.errors, repairCosts: without(state.errors.repairCosts, action.name) },
      };
    }
    case 'leaveRepairCost':
      return leaveRepairCost(state, action.name);
    case 'setRepairMode':
      return { ...state, repairMode: action.mode, offer: null, errors: { ...state.errors, repairs: undefined } };
    case 'setPerSquareFoot':
      return { ...state, perSquareFoot: action.draft, offer: null, errors: { ...state.errors, repairs: undefined } };
    case 'setLineItems':
      return { ...state, lineItems: action.items, offer: null, errors: { ...state.errors, repairs: undefined } };
    case 'selectTemplate': {
      // An offer on screen is worked out again with the new formula (nothing else changed since).
      const withTemplate = { ...state, template: action.template };
      return state.offer ? calculate(withTemplate) : withTemplate;
    }
    case 'calculate':
      return calculate(state);
  }
}

/** On leaving a cost field, its text sets the cost (empty is $0) or stays, with what is wrong with it. */
function leaveRepairCost(state: CalculatorState, name: string): CalculatorState {
  const text = state.repairCostTexts[name];
  if (text === undefined) return state;
  const typed = readTypedRepairCost(text);
  if (!typed.ok) {
    return {
      ...state,
      errors: { ...state.errors, repairCosts: { ...state.errors.repairCosts, [name]: typed.message } },
    };
  }
  return { ...forgetRepairCostText(state, name), repairs: setRepairCost(state.repairs, name, typed.value) };
}

function forgetRepairCostText(state: CalculatorState, name: string): CalculatorState {
  return {
    ...state,
    repairCostTexts: without(state.repairCostTexts, name) ?? {},
    errors: { ...state.errors, repairCosts: without(state.errors.repairCosts, name) },
  };
}

/** The record without `key`; undefined once nothing is left, so an empty record never stands for an error. */
function without<T>(record: Readonly<Record<string, T>> | undefined, key: string): Record<string, T> | undefined {
  if (!record || !(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

function calculate(before: CalculatorState): CalculatorState {
  // Fields still being edited count as left (Enter in a cost field submits without leaving it).
  const state = Object.keys(before.repairCostTexts).reduce(leaveRepairCost, before);
  const errors: CalculatorErrors = {};
  // Get Cash Offer needs an address and a valid market value (§5).
  if (state.address.trim() === '') errors.address = calculationMessages.addressRequired;
  const marketValue = parseMarketValue(state.marketValueText);
  if (!marketValue.ok) errors.marketValue = marketValue.message;
  const estimate = readRepairEstimate(state);
  if (!estimate.ok) errors.repairs = estimate.problem;
  // A refused cost counts only where it is used: the checklist (deselecting a repair forgets its cost).
  if (state.repairMode === 'checklist' && state.errors.repairCosts) errors.repairCosts = state.errors.repairCosts;
  if (errors.address || !marketValue.ok || !estimate.ok || errors.repairCosts) return { ...state, offer: null, errors };

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
    marketValueSource: state.marketValueSource,
  };
  return { ...state, errors: {}, offer };
}

/** The estimate the typed fields make (null in checklist mode), or the first thing wrong with it. */
export function readRepairEstimate(
  state: Pick<CalculatorState, 'repairMode' | 'perSquareFoot' | 'lineItems'>,
): { ok: true; value: RepairEstimate | null } | { ok: false; problem: RepairEstimateProblem } {
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
  return problem ? { ok: false, problem } : { ok: true, value: estimate };
}
