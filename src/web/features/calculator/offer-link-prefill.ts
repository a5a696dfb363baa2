import { parseOfferLink } from '../../../domain/bulk-import/offer-link';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import type { RepairItem } from '../../../domain/repairs/repair-catalog';
import { calculatorReducer, initialCalculatorState, type CalculatorState } from './calculator-state';

/**
 * The calculator as an offer e-mail's accept or negotiate link opens it for the homeowner
 * (`/?intent=…&address=…&market_value=…&offer_low=…&offer_high=…&template=…`): address and
 * market value filled in and the range shown, computed with the template the e-mail's offer
 * came from, no repairs selected (an e-mailed offer uses the simple formula, which ignores repairs, §5). Null when the
 * query is not such a link.
 */
export function calculatorStateFromOfferLink(
  search: string,
  repairCatalog: readonly RepairItem[],
  templates: readonly FormulaTemplate[],
  fallbackTemplate: FormulaTemplate,
): CalculatorState | null {
  const link = parseOfferLink(new URLSearchParams(search));
  if (!link) return null;
  const template = templates.find((candidate) => candidate.name === link.templateName) ?? fallbackTemplate;
  let state = initialCalculatorState(repairCatalog, template);
  state = calculatorReducer(state, { type: 'setAddress', address: link.address });
  state = calculatorReducer(state, { type: 'setMarketValue', text: String(link.marketValue) });
  state = calculatorReducer(state, { type: 'calculate' });
  // The figures the e-mail promised stand, even if the template has been edited since.
  return state.offer ? { ...state, offer: { ...state.offer, offerRange: link.offerRange } } : state;
}
