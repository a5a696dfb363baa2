import { formatMoney } from '../money/format-money';
import { areaKey, buyerPropertyTypeLabels, type BuyerPropertyType, type BuyerStrategy } from './buyer-request';

/** What matching reads of a buyer: their box, proof of funds, their past with the workspace and whether they opted out. */
export interface MatchableBuyer {
  id: string;
  name: string;
  optedOut: boolean;
  areas: readonly string[];
  propertyTypes: readonly BuyerPropertyType[];
  strategies: readonly BuyerStrategy[];
  priceMin: number | null;
  priceMax: number | null;
  maxRepairs: number | null;
  proofOfFundsAmount: number | null;
  /** YYYY-MM-DD, the last day the proof is good. */
  proofOfFundsExpiresOn: string | null;
  /** Offers they made on the workspace's other deals (buyer_offers). */
  pastOffers: number;
  /** The workspace's deals sold to them: their offer was the primary one, and the deal was assigned or double-closed. */
  closings: number;
}

/** The deal a buyer is matched against: where it is, its price to the buyer, ARV and repairs (null: not known). */
export interface MatchDeal {
  zip: string | null;
  city: string | null;
  /** Dollars: the contract price with the seller, else the offer's high end (priceSource says which). */
  price: number | null;
  priceSource: 'contract' | 'offer' | null;
  /** Dollars: the market value (after repairs) the offer used. */
  arv: number | null;
  /** Dollars of repairs. */
  repairs: number | null;
  propertyType: BuyerPropertyType | null;
  /** Today, YYYY-MM-DD: proof of funds expiring before it is not valid. */
  today: string;
}

export const MATCH_CRITERIA = ['area', 'price', 'repairs', 'type', 'proofOfFunds', 'pastResponse'] as const;
export type MatchCriterion = (typeof MATCH_CRITERIA)[number];

/**
 * The most points each criterion gives. A buyer's box scores up to 100; their past with the
 * workspace adds up to 10 (a proven buyer), so a track record ranks a buyer above an equal box.
 */
export const MATCH_POINTS: Record<MatchCriterion, number> = {
  area: 30,
  price: 25,
  repairs: 15,
  type: 10,
  proofOfFunds: 20,
  pastResponse: 10,
};

/** Why a buyer scored what they did on one criterion. */
export interface MatchReason {
  criterion: MatchCriterion;
  points: number;
  max: number;
  text: string;
}

export interface BuyerMatch {
  buyerId: string;
  name: string;
  score: number;
  reasons: MatchReason[];
}

const usd = formatMoney;

/** A criterion's points, and its words (built only for the matches listed: formatting 10,000 buyers' would cost more than scoring them). */
interface Scored {
  criterion: MatchCriterion;
  points: number;
  text: () => string;
}

/** A box that shuts the deal out: the buyer is never suggested for it. */
const EXCLUDED = null;
type Verdict = Scored | typeof EXCLUDED;

const scored = (criterion: MatchCriterion, points: number, text: () => string): Scored => ({ criterion, points, text });

function area(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  if (buyer.areas.length === 0) return scored('area', 10, () => 'Buys in any area');
  const zip = deal.zip?.slice(0, 5) ?? null;
  const city = deal.city === null ? null : areaKey(deal.city.trim().replace(/\s+/g, ' '));
  const hit = buyer.areas.find((place) => {
    const key = areaKey(place);
    return key === zip || key === city;
  });
  if (hit === undefined) return EXCLUDED;
  return scored('area', MATCH_POINTS.area, () => `Buys in ${hit}`);
}

function price(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  if (deal.price === null) return scored('price', 0, () => 'No contract price or offer yet: price not checked');
  const dealPrice = deal.price;
  const named = () => `${deal.priceSource === 'contract' ? 'contract price' : 'offer'} ${usd(dealPrice)}`;
  const { priceMin, priceMax } = buyer;
  if (priceMin === null && priceMax === null) {
    return scored('price', 10, () => `No price range: any price (${named()})`);
  }
  if ((priceMin !== null && dealPrice < priceMin) || (priceMax !== null && dealPrice > priceMax)) return EXCLUDED;
  const range = () =>
    priceMin === null
      ? `up to ${usd(priceMax!)}`
      : priceMax === null
        ? `${usd(priceMin)} and up`
        : `${usd(priceMin)}–${usd(priceMax)}`;
  return scored('price', MATCH_POINTS.price, () => `The ${named()} is in their range (${range()})`);
}

function repairs(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  if (deal.repairs === null) return scored('repairs', 0, () => 'Repairs not estimated: not checked');
  const dealRepairs = deal.repairs;
  const limit = buyer.maxRepairs;
  if (limit === null) return scored('repairs', 5, () => `No repair limit (repairs ${usd(dealRepairs)})`);
  if (dealRepairs > limit) return EXCLUDED;
  return scored('repairs', MATCH_POINTS.repairs, () => `Repairs ${usd(dealRepairs)} within their ${usd(limit)} limit`);
}

function type(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  const dealType = deal.propertyType;
  if (dealType === null) return scored('type', 0, () => 'Property type not recorded: not checked');
  if (buyer.propertyTypes.length === 0) return scored('type', 5, () => 'Buys any property type');
  if (!buyer.propertyTypes.includes(dealType)) return EXCLUDED;
  return scored('type', MATCH_POINTS.type, () => `Buys ${buyerPropertyTypeLabels[dealType].toLowerCase()} properties`);
}

function proofOfFunds(buyer: MatchableBuyer, deal: MatchDeal): Scored {
  const amount = buyer.proofOfFundsAmount;
  const expires = buyer.proofOfFundsExpiresOn;
  if (amount === null || expires === null) return scored('proofOfFunds', 0, () => 'No proof of funds');
  // ISO dates compare as text.
  if (expires < deal.today) return scored('proofOfFunds', 0, () => `Proof of funds expired on ${expires}`);
  if (deal.price !== null && amount < deal.price) {
    return scored('proofOfFunds', 10, () => `Proof of funds ${usd(amount)}, below the price, valid to ${expires}`);
  }
  return scored('proofOfFunds', MATCH_POINTS.proofOfFunds, () => `Proof of funds ${usd(amount)}, valid to ${expires}`);
}

const times = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

function pastResponse({ pastOffers, closings }: MatchableBuyer): Scored {
  if (closings > 0) {
    return scored(
      'pastResponse',
      MATCH_POINTS.pastResponse,
      () => `Bought ${times(closings, 'deal', 'deals')} from you`,
    );
  }
  if (pastOffers > 0) {
    return scored('pastResponse', 5, () => `Made ${times(pastOffers, 'offer', 'offers')} on your deals`);
  }
  return scored('pastResponse', 0, () => 'No offers on your deals yet');
}

/** A buyer who fits, scored, before their reasons are put in words. */
interface Fit {
  buyer: MatchableBuyer;
  score: number;
  scores: Scored[];
}

function fitOf(buyer: MatchableBuyer, deal: MatchDeal): Fit | null {
  if (buyer.optedOut) return null;
  const scores: Scored[] = [];
  let score = 0;
  for (const check of [area, price, repairs, type, proofOfFunds]) {
    const verdict = check(buyer, deal);
    if (verdict === EXCLUDED) return null;
    scores.push(verdict);
    score += verdict.points;
  }
  const past = pastResponse(buyer);
  scores.push(past);
  return { buyer, score: score + past.points, scores };
}

const worded = ({ buyer, score, scores }: Fit): BuyerMatch => ({
  buyerId: buyer.id,
  name: buyer.name,
  score,
  reasons: scores.map(({ criterion, points, text }) => ({
    criterion,
    points,
    max: MATCH_POINTS[criterion],
    text: text(),
  })),
});

/**
 * One buyer's fit with the deal: null when they opted out or their box shuts the deal out (an
 * area list without its ZIP or city, a price range or repair limit it falls outside, property
 * types without its type); otherwise their score (0 to 100, the sum of MATCH_POINTS earned) and
 * why, criterion by criterion. A criterion the deal does not know (no price, no repairs, no type)
 * neither excludes nor scores.
 */
export function matchBuyer(buyer: MatchableBuyer, deal: MatchDeal): BuyerMatch | null {
  const fit = fitOf(buyer, deal);
  return fit && worded(fit);
}

// One collator for every comparison: String.prototype.localeCompare builds one per call.
const byName = new Intl.Collator('en-US').compare;

/**
 * The buyers who fit the deal (matchBuyer), best first (score, then name, then id): how many fit,
 * and the first `limit` of them with their reasons.
 */
export function matchBuyers(
  buyers: Iterable<MatchableBuyer>,
  deal: MatchDeal,
  limit = Infinity,
): { matched: number; matches: BuyerMatch[] } {
  const fits: Fit[] = [];
  for (const buyer of buyers) {
    const fit = fitOf(buyer, deal);
    if (fit) fits.push(fit);
  }
  fits.sort(
    (a, b) =>
      b.score - a.score ||
      byName(a.buyer.name, b.buyer.name) ||
      (a.buyer.id < b.buyer.id ? -1 : a.buyer.id > b.buyer.id ? 1 : 0),
  );
  return { matched: fits.length, matches: fits.slice(0, limit).map(worded) };
}

/**
 * A deal's ZIP code and city read from its one-line address ('88 Birch Ln, Austin, TX 78702' →
 * 78702 and Austin): the ZIP is the last 5-digit group after a state; the city is the part
 * before ', ST'. Null for what the address does not say.
 */
export function dealArea(address: string): { zip: string | null; city: string | null } {
  const match =
    /(?:^|,)\s*([^,]+?)\s*,\s*[A-Za-z]{2}\.?\s*(\d{5})?(?:-\d{4})?\s*(?:,\s*(?:USA?|United States))?\s*$/i.exec(
      address,
    );
  if (!match) {
    const zip = /\b(\d{5})(?:-\d{4})?\s*$/.exec(address);
    return { zip: zip?.[1] ?? null, city: null };
  }
  return { zip: match[2] ?? null, city: match[1]!.trim() };
}
