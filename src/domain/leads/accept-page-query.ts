import { leadFormQuery } from './lead-form-query';
import { AcceptLeadSchema, type AcceptLead } from './lead-request-schema';

/** The app's own lead page, used for a homeowner's accept when no outside LEAD_FORM_URL is configured. */
export const ACCEPT_PAGE_PATH = '/offer/accept';

/** The offer a homeowner accepts, as carried to the lead page (all dollars). */
export type AcceptedOffer = Omit<AcceptLead, 'kind' | 'contact'>;

/**
 * The own lead page's query: the outside lead form's query fields (leadFormQuery, §7), so it reads like that form's, plus
 * the figures the page records with the lead, as plain numbers: address, market_value,
 * offer_low, offer_high, repair_total and desired_price (when a counter-offer was accepted).
 * §5: fails with 'Invalid offer range values' / 'Invalid repair cost value' like leadFormQuery.
 */
export function acceptPageQuery(
  offer: AcceptedOffer,
): { ok: true; query: Record<string, string> } | { ok: false; message: string } {
  const form = leadFormQuery(offer.offerRange, offer.totalRepairCost);
  if (!form.ok) return form;
  const query: Record<string, string> = {
    ...form.query,
    address: offer.address,
    market_value: String(offer.marketValue),
    offer_low: String(offer.offerRange.low),
    offer_high: String(offer.offerRange.high),
    repair_total: String(offer.totalRepairCost),
  };
  if (offer.desiredPrice !== undefined) query.desired_price = String(offer.desiredPrice);
  return { ok: true, query };
}

// A plain decimal, so '', ' ', '1e5' and '0x10' (which Number() accepts) are not numbers here.
const DECIMAL = /^-?\d+(\.\d+)?$/;
const toNumber = (text: string | null) => (text !== null && DECIMAL.test(text) ? Number(text) : Number.NaN);

/** Reads the offer back from the lead page's query; null when anything is missing or invalid (a hand-edited link). */
export function parseAcceptPageQuery(params: URLSearchParams): AcceptedOffer | null {
  const desired = params.get('desired_price');
  const result = AcceptLeadSchema.safeParse({
    kind: 'accept',
    address: params.get('address') ?? '',
    marketValue: toNumber(params.get('market_value')),
    offerRange: { low: toNumber(params.get('offer_low')), high: toNumber(params.get('offer_high')) },
    totalRepairCost: toNumber(params.get('repair_total')),
    desiredPrice: desired === null ? undefined : toNumber(desired),
  });
  if (!result.success) return null;
  const { kind: _kind, contact: _contact, ...offer } = result.data;
  return offer;
}
