import type { OfferRange } from '../offer/compute-offer-range';

/** What a homeowner meant by the link in an offer e-mail. */
export type OfferLinkIntent = 'accept' | 'negotiate';

/** An e-mailed offer as its accept and negotiate links carry it into the calculator (dollars). */
export interface OfferLink {
  intent: OfferLinkIntent;
  address: string;
  marketValue: number;
  offerRange: OfferRange;
  /** The formula template the offer was computed with, so the calculator computes the same range. */
  templateName: string;
}

/** The calculator URL (`${appUrl}/?intent=…&address=…&market_value=…&offer_low=…&offer_high=…&template=…`) for an e-mailed offer; `appUrl` without a trailing slash, as env.ts gives APP_URL. */
export function offerLinkUrl(appUrl: string, link: OfferLink): string {
  const query = new URLSearchParams({
    intent: link.intent,
    address: link.address,
    market_value: String(link.marketValue),
    offer_low: String(link.offerRange.low),
    offer_high: String(link.offerRange.high),
    template: link.templateName,
  });
  return `${appUrl}/?${query.toString()}`;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const toNumber = (text: string | null) => (text !== null && DECIMAL.test(text) ? Number(text) : Number.NaN);

/** Reads an offer link back from the calculator's query; null unless every part is present and sane (a hand-edited link). */
export function parseOfferLink(params: URLSearchParams): OfferLink | null {
  const intent = params.get('intent');
  if (intent !== 'accept' && intent !== 'negotiate') return null;
  const address = (params.get('address') ?? '').trim();
  const marketValue = toNumber(params.get('market_value'));
  const low = toNumber(params.get('offer_low'));
  const high = toNumber(params.get('offer_high'));
  const templateName = (params.get('template') ?? '').trim();
  if (address === '' || address.length > 500 || !(marketValue > 0) || marketValue > 1e10) return null;
  if (!Number.isFinite(low) || !Number.isFinite(high) || low > high || high > marketValue) return null;
  return { intent, address, marketValue, offerRange: { low, high }, templateName };
}
