import { areaKey, buyerPropertyTypeLabels, type BuyerPropertyType, type BuyerStrategy } from './buyer-request';

/** What matching reads of a buyer: their box, proof of funds and whether they opted out. */
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

/** The most points each criterion gives; a perfect fit scores 100. */
export const MATCH_POINTS: Record<MatchCriterion, number> = {
  area: 30,
  price: 25,
  repairs: 15,
  type: 10,
  proofOfFunds: 20,
  // Buyer offers (a later part of issue 39) do not exist yet: every buyer scores 0 here until they do.
  pastResponse: 0,
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

const usd = (dollars: number) => `$${Math.round(dollars).toLocaleString('en-US')}`;

/** A box that shuts the deal out: the buyer is never suggested for it. */
type Verdict = { reason: MatchReason } | { excluded: true };

function area(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  const max = MATCH_POINTS.area;
  if (buyer.areas.length === 0) return { reason: { criterion: 'area', points: 10, max, text: 'Buys in any area' } };
  const zip = deal.zip?.slice(0, 5) ?? null;
  const city = deal.city === null ? null : areaKey(deal.city.trim().replace(/\s+/g, ' '));
  const hit = buyer.areas.find((place) => {
    const key = areaKey(place);
    return key === zip || key === city;
  });
  if (hit === undefined) return { excluded: true };
  return { reason: { criterion: 'area', points: max, max, text: `Buys in ${hit}` } };
}

function price(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  const max = MATCH_POINTS.price;
  const bounded = buyer.priceMin !== null || buyer.priceMax !== null;
  if (deal.price === null) {
    return {
      reason: { criterion: 'price', points: 0, max, text: 'No contract price or offer yet: price not checked' },
    };
  }
  const named = deal.priceSource === 'contract' ? 'contract price' : 'offer';
  if (!bounded) {
    return {
      reason: { criterion: 'price', points: 10, max, text: `No price range: any price (${named} ${usd(deal.price)})` },
    };
  }
  if (
    (buyer.priceMin !== null && deal.price < buyer.priceMin) ||
    (buyer.priceMax !== null && deal.price > buyer.priceMax)
  ) {
    return { excluded: true };
  }
  const range =
    buyer.priceMin === null
      ? `up to ${usd(buyer.priceMax!)}`
      : buyer.priceMax === null
        ? `${usd(buyer.priceMin)} and up`
        : `${usd(buyer.priceMin)}–${usd(buyer.priceMax)}`;
  return {
    reason: {
      criterion: 'price',
      points: max,
      max,
      text: `The ${named} ${usd(deal.price)} is in their range (${range})`,
    },
  };
}

function repairs(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  const max = MATCH_POINTS.repairs;
  if (deal.repairs === null) {
    return { reason: { criterion: 'repairs', points: 0, max, text: 'Repairs not estimated: not checked' } };
  }
  if (buyer.maxRepairs === null) {
    return { reason: { criterion: 'repairs', points: 5, max, text: `No repair limit (repairs ${usd(deal.repairs)})` } };
  }
  if (deal.repairs > buyer.maxRepairs) return { excluded: true };
  return {
    reason: {
      criterion: 'repairs',
      points: max,
      max,
      text: `Repairs ${usd(deal.repairs)} within their ${usd(buyer.maxRepairs)} limit`,
    },
  };
}

function type(buyer: MatchableBuyer, deal: MatchDeal): Verdict {
  const max = MATCH_POINTS.type;
  if (deal.propertyType === null) {
    return { reason: { criterion: 'type', points: 0, max, text: 'Property type not recorded: not checked' } };
  }
  if (buyer.propertyTypes.length === 0) {
    return { reason: { criterion: 'type', points: 5, max, text: 'Buys any property type' } };
  }
  if (!buyer.propertyTypes.includes(deal.propertyType)) return { excluded: true };
  return {
    reason: {
      criterion: 'type',
      points: max,
      max,
      text: `Buys ${buyerPropertyTypeLabels[deal.propertyType].toLowerCase()} properties`,
    },
  };
}

function proofOfFunds(buyer: MatchableBuyer, deal: MatchDeal): MatchReason {
  const max = MATCH_POINTS.proofOfFunds;
  const reason = (points: number, text: string): MatchReason => ({ criterion: 'proofOfFunds', points, max, text });
  if (buyer.proofOfFundsAmount === null || buyer.proofOfFundsExpiresOn === null) return reason(0, 'No proof of funds');
  // ISO dates compare as text.
  if (buyer.proofOfFundsExpiresOn < deal.today) {
    return reason(0, `Proof of funds expired on ${buyer.proofOfFundsExpiresOn}`);
  }
  const amount = usd(buyer.proofOfFundsAmount);
  if (deal.price !== null && buyer.proofOfFundsAmount < deal.price) {
    return reason(10, `Proof of funds ${amount}, below the price, valid to ${buyer.proofOfFundsExpiresOn}`);
  }
  return reason(max, `Proof of funds ${amount}, valid to ${buyer.proofOfFundsExpiresOn}`);
}

const pastResponse: MatchReason = {
  criterion: 'pastResponse',
  points: 0,
  max: MATCH_POINTS.pastResponse,
  text: 'No past offers recorded yet (buyer offers come later)',
};

/**
 * One buyer's fit with the deal: null when they opted out or their box shuts the deal out (an
 * area list without its ZIP or city, a price range or repair limit it falls outside, property
 * types without its type); otherwise their score (0 to 100, the sum of MATCH_POINTS earned) and
 * why, criterion by criterion. A criterion the deal does not know (no price, no repairs, no type)
 * neither excludes nor scores.
 */
export function matchBuyer(buyer: MatchableBuyer, deal: MatchDeal): BuyerMatch | null {
  if (buyer.optedOut) return null;
  const reasons: MatchReason[] = [];
  for (const check of [area, price, repairs, type]) {
    const verdict = check(buyer, deal);
    if ('excluded' in verdict) return null;
    reasons.push(verdict.reason);
  }
  reasons.push(proofOfFunds(buyer, deal), pastResponse);
  const score = reasons.reduce((sum, reason) => sum + reason.points, 0);
  return { buyerId: buyer.id, name: buyer.name, score, reasons };
}

/** The buyers who fit the deal, best first (score, then name, then id), at most `limit` of them. */
export function matchBuyers(buyers: Iterable<MatchableBuyer>, deal: MatchDeal, limit = Infinity): BuyerMatch[] {
  const matches: BuyerMatch[] = [];
  for (const buyer of buyers) {
    const match = matchBuyer(buyer, deal);
    if (match) matches.push(match);
  }
  matches.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name) || (a.buyerId < b.buyerId ? -1 : 1));
  return matches.slice(0, limit);
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
