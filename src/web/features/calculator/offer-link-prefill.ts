import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import { calculatorReducer, initialCalculatorState, type CalculatorState } from './calculator-state';

const DECIMAL = /^\d+(\.\d+)?$/;
const toNumber = (text: string | null) => (text !== null && DECIMAL.test(text) ? Number(text) : Number.NaN);

/** An old e-mailed offer as its link's query carried it (dollars); null unless every part is present and sane (a hand-edited link). */
function parseOldOfferLink(
  params: URLSearchParams,
): { address: string; marketValue: number; offerRange: OfferRange; templateName: string } | null {
  const intent = params.get('intent');
  if (intent !== 'accept' && intent !== 'negotiate') return null;
  const address = (params.get('address') ?? '').trim();
  const marketValue = toNumber(params.get('market_value'));
  const low = toNumber(params.get('offer_low'));
  const high = toNumber(params.get('offer_high'));
  const templateName = (params.get('template') ?? '').trim();
  if (address === '' || address.length > 500 || !(marketValue > 0) || marketValue > 1e10) return null;
  if (!Number.isFinite(low) || !Number.isFinite(high) || low > high || high > marketValue) return null;
  return { address, marketValue, offerRange: { low, high }, templateName };
}

/**
 * Offer e-mails now link to the offer's own page (/offer/{token}); the ones sent before that still
 * sit in inboxes with the offer in the calculator's query, and open the calculator prefilled.
 * The calculator as such an old offer e-mail's accept or negotiate link opens it for the homeowner
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
  const link = parseOldOfferLink(new URLSearchParams(search));
  if (!link) return null;
  const template = templates.find((candidate) => candidate.name === link.templateName) ?? fallbackTemplate;
  let state = initialCalculatorState(repairCatalog, template);
  state = calculatorReducer(state, { type: 'setAddress', address: link.address });
  state = calculatorReducer(state, { type: 'setMarketValue', text: String(link.marketValue) });
  state = calculatorReducer(state, { type: 'calculate' });
  // The figures the e-mail promised stand, even if the template has been edited since.
  return state.offer ? { ...state, offer: { ...state.offer, offerRange: link.offerRange } } : state;
}
