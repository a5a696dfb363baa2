import { median } from 'simple-statistics';
import type { ArvComp, ArvSubject } from './arv-request-schema';
import { daysBetween, milesBetween } from './comp-distance';

/** One search tier: sales within `miles` and `months` of the subject. Location unknown on either side: distance not tested. */
export interface SearchTier {
  miles: number;
  months: number;
}

/** Tiers tried in order (issue 28): 0.5 mi and 6 months, then 1 mi and 12 months, then wider. */
export const SEARCH_TIERS: readonly SearchTier[] = [
  { miles: 0.5, months: 6 },
  { miles: 1, months: 12 },
  { miles: 2, months: 24 },
];

/**
 * A tier is enough once it holds this many comps that pass the other tests; otherwise the next, wider
 * one is used. Many rather than few: the weights already favour the nearest and newest sales, and more
 * comps steady the fitted adjustments and the spread (10 gave a median error of 10.4 % on the bench's
 * calibration period, 30 gave 9.8 %).
 */
export const COMPS_WANTED_PER_TIER = 30;

/**
 * A pinned comp skips every test but this one: sold within 10 years of the value date. Its price is
 * brought to that date by the market trend, which over centuries multiplied it past any number
 * (or weighted every comp down to nothing), and gave an answer of 200 with every figure null.
 */
export const PINNED_MONTHS_LIMIT = 120;

/** Size within ±30 % of the subject's living area. */
export const SIZE_TOLERANCE = 0.3;
/** Bedrooms within ±1 of the subject's. */
export const BEDS_TOLERANCE = 1;
/** A price under this share of the comps' median price is not an arm's-length sale. */
export const NON_ARMS_LENGTH_PRICE_SHARE = 0.1;

const DAYS_PER_MONTH = 365.25 / 12;

/** A comp that passed screening, with what the estimate needs to know about it. */
export interface ScreenedComp {
  index: number;
  comp: ArvComp;
  /** Miles from the subject; undefined when either location is unknown. */
  miles: number | undefined;
  /** Months between its sale and the value date (positive: sold before). */
  monthsBefore: number;
  pinned: boolean;
}

export interface ScreeningResult {
  candidates: ScreenedComp[];
  excluded: { index: number; reason: string }[];
  /** The tier used; undefined when none held enough comps (the widest was used). */
  tier: SearchTier;
  /** Said when the search had to widen past the first tier, e.g. "widened to 1 mi and 12 months: …". */
  widening: string | undefined;
  valueDate: string;
}

const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
const squareFeet = (value: number) => `${Math.round(value).toLocaleString('en-US')} sq ft`;

/** The date the value is wanted for: the subject's valueDate, else the newest comp's sale date. */
export function valueDateOf(subject: ArvSubject, comps: readonly ArvComp[]): string {
  if (subject.valueDate) return subject.valueDate;
  return comps.reduce((newest, comp) => (comp.soldDate > newest ? comp.soldDate : newest), '0000-01-01');
}

/** The same home sold twice: same address (case and spacing ignored), or same position and size when no address is given. */
function homeKey(comp: ArvComp): string | undefined {
  const address = comp.address
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (address) return `a:${address}`;
  if (comp.lat !== undefined && comp.lng !== undefined)
    return `p:${comp.lat.toFixed(5)},${comp.lng.toFixed(5)},${comp.sqft}`;
  return undefined;
}

/**
 * Screens comps against the subject, giving every excluded comp its reason (issue 28 §2):
 * non-arm's-length prices (under 10 % of the median, or the earlier sale of a home resold in
 * the period), size outside ±30 %, beds outside ±1, then the narrowest distance-and-recency
 * tier holding enough comps. Pinned comps skip every test but PINNED_MONTHS_LIMIT; user-excluded
 * ones never reach here.
 */
export function screenComps(
  subject: ArvSubject,
  comps: readonly ArvComp[],
  pinned: ReadonlySet<number> = new Set(),
): ScreeningResult {
  const valueDate = valueDateOf(subject, comps);
  const excluded: { index: number; reason: string }[] = [];
  const medianPrice = comps.length > 0 ? median(comps.map((comp) => comp.price)) : 0;

  const latestSaleOfHome = new Map<string, { index: number; soldDate: string }>();
  comps.forEach((comp, index) => {
    const key = homeKey(comp);
    if (!key) return;
    const latest = latestSaleOfHome.get(key);
    if (!latest || comp.soldDate > latest.soldDate) latestSaleOfHome.set(key, { index, soldDate: comp.soldDate });
  });

  const passing: ScreenedComp[] = [];
  comps.forEach((comp, index) => {
    const miles =
      subject.lat !== undefined && subject.lng !== undefined && comp.lat !== undefined && comp.lng !== undefined
        ? milesBetween({ lat: subject.lat, lng: subject.lng }, { lat: comp.lat, lng: comp.lng })
        : undefined;
    const screened: ScreenedComp = {
      index,
      comp,
      miles,
      monthsBefore: daysBetween(comp.soldDate, valueDate) / DAYS_PER_MONTH,
      pinned: pinned.has(index),
    };
    if (screened.pinned) {
      if (Math.abs(screened.monthsBefore) <= PINNED_MONTHS_LIMIT) passing.push(screened);
      else
        excluded.push({
          index,
          reason: `too far: sold ${Math.abs(screened.monthsBefore).toFixed(0)} months from the value date, beyond ${PINNED_MONTHS_LIMIT} months even when pinned`,
        });
      return;
    }
    const reason = firstFailedTest(subject, comp, index, medianPrice, latestSaleOfHome.get(homeKey(comp) ?? ''));
    if (reason) excluded.push({ index, reason });
    else passing.push(screened);
  });

  const withinTier = (candidate: ScreenedComp, tier: SearchTier) =>
    (candidate.miles === undefined || candidate.miles <= tier.miles) && Math.abs(candidate.monthsBefore) <= tier.months;
  const tier =
    SEARCH_TIERS.find(
      (candidate) => passing.filter((comp) => withinTier(comp, candidate)).length >= COMPS_WANTED_PER_TIER,
    ) ?? SEARCH_TIERS[SEARCH_TIERS.length - 1]!;
  const first = SEARCH_TIERS[0]!;
  const widening =
    tier === first
      ? undefined
      : `widened to ${tier.miles} mi and ${tier.months} months: fewer than ${COMPS_WANTED_PER_TIER} usable sales within ${first.miles} mi and ${first.months} months`;

  const candidates: ScreenedComp[] = [];
  for (const comp of passing) {
    if (comp.pinned || withinTier(comp, tier)) {
      candidates.push(comp);
      continue;
    }
    const where =
      comp.miles !== undefined && comp.miles > tier.miles
        ? `${comp.miles.toFixed(2)} mi away, beyond ${tier.miles} mi`
        : `sold ${Math.abs(comp.monthsBefore).toFixed(0)} months from the value date, beyond ${tier.months} months`;
    excluded.push({ index: comp.index, reason: `too far: ${where}` });
  }
  excluded.sort((a, b) => a.index - b.index);
  return { candidates, excluded, tier, widening, valueDate };
}

function firstFailedTest(
  subject: ArvSubject,
  comp: ArvComp,
  index: number,
  medianPrice: number,
  latestSale: { index: number; soldDate: string } | undefined,
): string | undefined {
  if (comp.price < NON_ARMS_LENGTH_PRICE_SHARE * medianPrice) {
    return `not arm's length: ${dollars(comp.price)} is under 10 % of the median price ${dollars(medianPrice)}`;
  }
  if (latestSale && latestSale.index !== index && latestSale.soldDate > comp.soldDate) {
    return `not arm's length: the same home was resold on ${latestSale.soldDate}`;
  }
  if (Math.abs(comp.sqft - subject.sqft) > SIZE_TOLERANCE * subject.sqft) {
    return `size: ${squareFeet(comp.sqft)} is outside ±30 % of the subject's ${squareFeet(subject.sqft)}`;
  }
  if (subject.beds !== undefined && comp.beds !== undefined && Math.abs(comp.beds - subject.beds) > BEDS_TOLERANCE) {
    return `beds: ${comp.beds} is outside ±1 of the subject's ${subject.beds}`;
  }
  return undefined;
}
