import { linearRegression, median, medianAbsoluteDeviation, quantileSorted } from 'simple-statistics';
import type { ArvComp, ArvEstimateRequest, ArvSubject } from './arv-request-schema';
import { daysBetween } from './comp-distance';
import { type AdjustmentRates, differencesFrom, fitAdjustmentRates } from './fit-adjustment-rates';
import { type ScreenedComp, screenComps } from './screen-comps';

/** What the estimate says when it cannot give a figure (issue 28, verbatim). */
export const NOT_ENOUGH_COMPS = 'not enough comparable sales';
/** Fewer usable comps than this: no figure. */
export const MIN_USABLE_COMPS = 3;

/** One adjustment of a comp's price toward the subject, in whole dollars (positive: the subject is worth more). */
export interface CompAdjustment {
  kind: 'time' | 'size' | 'age' | 'beds' | 'baths' | 'lot' | 'condition';
  amount: number;
  /** How it was reckoned, e.g. "+120 sq ft × $180/sq ft". */
  note: string;
}

export interface UsedComp {
  index: number;
  /** The comp's price adjusted to the subject, whole dollars. */
  adjustedPrice: number;
  /** Its share of the estimate, 0–1; the weights of used comps sum to 1 (to rounding). */
  weight: number;
  adjustments: CompAdjustment[];
}

/** One part of the confidence, scored out of 20; the five parts add up to the confidence (0–100). */
export interface ConfidenceFactor {
  factor: 'count' | 'distance' | 'recency' | 'spread' | 'size fit';
  score: number;
  outOf: 20;
  note: string;
}

export interface ArvEstimate {
  kind: 'estimate';
  /** After-repair value, whole dollars rounded to $100. */
  arv: number;
  /** The 80 % range, whole dollars rounded to $100: the sale should land in here 4 times out of 5. */
  low: number;
  high: number;
  confidence: number;
  factors: ConfidenceFactor[];
  used: UsedComp[];
  excluded: { index: number; reason: string }[];
  /** The market trend used, a fraction per year, and whether it was fitted or given. */
  trend: { perYear: number; source: 'fitted' | 'given' | 'none' };
  /** The dollars one more square foot adds at the comps' median price per square foot (the fitted size rate). */
  sizeSlope: number;
}

export interface ArvNotEnough {
  kind: 'not-enough';
  reason: typeof NOT_ENOUGH_COMPS;
  usable: number;
  excluded: { index: number; reason: string }[];
}

export interface EstimateOptions {
  /** Comp indexes the user pinned: used whatever screening says. */
  pinned?: ReadonlySet<number>;
  /** Bootstrap resamples for the range (0: the comps' spread only). */
  bootstrapSamples?: number;
}

/**
 * The range's calibration: the 80 % half-width in log price is RANGE_SCALE × t(0.90, n−1) × the
 * predictive spread. Chosen on the bench's calibration period (a county-wide random sample of King
 * County sales under $1M of Oct–Dec 2014, bench/arv-accuracy.ts --calibrate --area county: 1.144)
 * so that 80 % of those sales fell inside; the bench's test sales (2015) never set it. Two chosen
 * areas alone asked for 1.06 (north Seattle) and 1.20 (suburbs): suburban comps agree more closely
 * with each other than with the sale.
 */
export const RANGE_SCALE = 1.14;

/** Two-sided 80 % Student t quantiles by degrees of freedom 1–30; above 30 the normal's 1.2816. */
const T_80 = [
  3.078, 1.886, 1.638, 1.533, 1.476, 1.44, 1.415, 1.397, 1.383, 1.372, 1.363, 1.356, 1.35, 1.345, 1.341, 1.337, 1.333,
  1.33, 1.328, 1.325, 1.323, 1.321, 1.319, 1.318, 1.316, 1.315, 1.314, 1.313, 1.311, 1.31,
];
const t80 = (degreesOfFreedom: number) => T_80[Math.max(1, Math.round(degreesOfFreedom)) - 1] ?? 1.2816;

/**
 * Age, beds, baths and lot each move a comp's price by at most this much (in log price, about 16 %),
 * whatever the fitted rate: a comp built a century apart or on a lot ten times larger is weighted
 * down, not adjusted wildly.
 */
const CHARACTERISTIC_CAP = 0.15;
/** An as-is comp sold before repairs: the after-repair value is above it. */
const AS_IS_UPLIFT = 0.1;
const TREND_BOUNDS = [-0.2, 0.3] as const;
const MIN_TREND_SALES = 10;
const MIN_TREND_SPAN_DAYS = 120;
/** Robust z above which an adjusted price is an outlier (MAD test). */
const OUTLIER_Z = 2.5;
const MIN_OUTLIER_SCALE = 0.05;
const DAYS_PER_YEAR = 365.25;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
const capped = (logChange: number) => clamp(logChange, -CHARACTERISTIC_CAP, CHARACTERISTIC_CAP);
const percentOf = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const signed = (value: number, digits = 0) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

/** A small seeded generator (mulberry32), so the same comps always give the same range. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The market's trend as a fraction per year: the slope of log price per square foot on sale date
 * over every arm's-length comp, bounded to −20 %…+30 %; 0 when fewer than 10 sales or under 4 months of dates.
 */
export function fitMarketTrend(comps: readonly ArvComp[], valueDate: string): number {
  if (comps.length < MIN_TREND_SALES) return 0;
  const points = comps.map((comp): [number, number] => [
    daysBetween(valueDate, comp.soldDate) / DAYS_PER_YEAR,
    Math.log(comp.price / comp.sqft),
  ]);
  const years = points.map(([x]) => x);
  if ((Math.max(...years) - Math.min(...years)) * DAYS_PER_YEAR < MIN_TREND_SPAN_DAYS) return 0;
  const fitted = Math.expm1(linearRegression(points).m);
  return Number.isFinite(fitted) ? clamp(fitted, TREND_BOUNDS[0], TREND_BOUNDS[1]) : 0;
}

function adjustComp(
  subject: ArvSubject,
  candidate: ScreenedComp,
  trendPerYear: number,
  rates: AdjustmentRates,
): { adjustedPrice: number; adjustments: CompAdjustment[] } {
  const { comp } = candidate;
  const adjustments: CompAdjustment[] = [];
  // Each adjustment multiplies the price so far, so the amounts add up to the adjusted price exactly.
  let price = comp.price;
  const adjust = (kind: CompAdjustment['kind'], logChange: number, note: (amount: number) => string) => {
    const amount = price * Math.expm1(logChange);
    price += amount;
    adjustments.push({ kind, amount, note: note(amount) });
  };
  const yearsBefore = candidate.monthsBefore / 12;
  if (trendPerYear !== 0 && yearsBefore !== 0) {
    adjust(
      'time',
      Math.log1p(trendPerYear) * yearsBefore,
      () => `${signed(trendPerYear * 100, 1)} %/year over ${Math.abs(candidate.monthsBefore).toFixed(1)} months`,
    );
  }
  const differences = differencesFrom(subject, comp);
  const sqftDifference = subject.sqft - comp.sqft;
  if (sqftDifference !== 0) {
    adjust(
      'size',
      rates.size * differences.size,
      (amount) => `${signed(sqftDifference)} sq ft × ${dollars(amount / sqftDifference)}/sq ft`,
    );
  }
  if (differences.age !== 0) {
    adjust('age', capped(rates.age * differences.age), () => `built ${signed(differences.age)} years apart`);
  }
  if (differences.beds !== 0) {
    adjust(
      'beds',
      capped(rates.beds * differences.beds),
      () => `${signed(differences.beds)} bedrooms × ${percentOf(rates.beds)}`,
    );
  }
  if (differences.baths !== 0) {
    const baths = differences.baths;
    adjust(
      'baths',
      capped(rates.baths * baths),
      () => `${signed(baths, baths % 1 === 0 ? 0 : 2)} bathrooms × ${percentOf(rates.baths)}`,
    );
  }
  if (differences.lot !== 0) {
    adjust(
      'lot',
      capped(rates.lot * differences.lot),
      () => `lot ${signed((subject.lotSqft ?? 0) - (comp.lotSqft ?? 0))} sq ft`,
    );
  }
  if (comp.condition === 'as-is') {
    adjust('condition', Math.log1p(AS_IS_UPLIFT), () => 'sold as-is: +10 % to after-repair condition');
  }
  return { adjustedPrice: price, adjustments };
}

/** Similarity and distance weight before normalising: nearer, newer, less adjusted comps count more. */
function rawWeight(subject: ArvSubject, candidate: ScreenedComp, grossAdjustmentShare: number): number {
  const { comp } = candidate;
  const distance = candidate.miles === undefined ? 0.5 : 1 / (1 + (candidate.miles / DISTANCE_SCALE) ** 2);
  const recency = Math.exp(-Math.abs(candidate.monthsBefore) / RECENCY_SCALE);
  const similarity = 1 / (1 + (grossAdjustmentShare / ADJUSTMENT_SCALE) ** 2);
  const age =
    subject.yearBuilt !== undefined && comp.yearBuilt !== undefined
      ? 1 / (1 + ((subject.yearBuilt - comp.yearBuilt) / AGE_SCALE) ** 2)
      : 1;
  const size = 1 / (1 + (Math.log(subject.sqft / comp.sqft) / SIZE_SCALE) ** 2);
  const lot =
    subject.lotSqft && comp.lotSqft ? 1 / (1 + (Math.log(subject.lotSqft / comp.lotSqft) / LOT_SCALE) ** 2) : 1;
  return distance * recency * similarity * age * size * lot;
}
// Weight scales, chosen on the bench's calibration period (Oct–Dec 2014, `--tune`), never on its test sales:
// a comp's weight halves at DISTANCE_SCALE miles, SIZE_SCALE log-size apart, AGE_SCALE years of build apart…
const DISTANCE_SCALE = 0.5;
const RECENCY_SCALE = 9;
const ADJUSTMENT_SCALE = 0.15;
const AGE_SCALE = 20;
const SIZE_SCALE = 0.15;
const LOT_SCALE = 0.5;

/** A linear score out of 20: full at or better than `full`, none at or worse than `none`. */
function scoreBetween(value: number, full: number, none: number): number {
  const share = (none - value) / (none - full);
  return Math.round(20 * clamp(share, 0, 1));
}

/**
 * Estimates a home's after-repair value from comparable sales (issue 28): screens them, adjusts each
 * to the subject (time by the fitted or given trend; size, age, beds, baths and lot by rates fitted
 * on the comps and pulled toward modest priors; condition), drops outliers by a median-absolute-deviation test, weights by similarity
 * and distance, and gives the weighted geometric mean, an 80 % range from the comps' spread and a
 * bootstrap, and a confidence out of 100 with its five factors. Fewer than 3 usable comps: no figure.
 */
export function estimateArv(request: ArvEstimateRequest, options: EstimateOptions = {}): ArvEstimate | ArvNotEnough {
  const { subject, comps } = request;
  const pinned = options.pinned ?? new Set<number>();
  const screening = screenComps(subject, comps, pinned);
  const excluded = [...screening.excluded];
  const notEnough = (usable: number): ArvNotEnough => ({
    kind: 'not-enough',
    reason: NOT_ENOUGH_COMPS,
    usable,
    excluded: excluded.sort((a, b) => a.index - b.index),
  });
  if (screening.candidates.length < MIN_USABLE_COMPS) return notEnough(screening.candidates.length);

  const armsLength = comps.filter(
    (_, index) => !screening.excluded.some((entry) => entry.index === index && entry.reason.startsWith("not arm's")),
  );
  const trend =
    request.trendPerYear !== undefined
      ? { perYear: request.trendPerYear, source: 'given' as const }
      : (() => {
          const perYear = fitMarketTrend(armsLength, screening.valueDate);
          return { perYear, source: perYear === 0 ? ('none' as const) : ('fitted' as const) };
        })();
  const timeAdjustedLogs = screening.candidates.map(
    (candidate) => Math.log(candidate.comp.price) + Math.log1p(trend.perYear) * (candidate.monthsBefore / 12),
  );
  const rates = fitAdjustmentRates(
    screening.candidates.map((candidate, i) => ({
      differences: differencesFrom(subject, candidate.comp),
      logPrice: timeAdjustedLogs[i]!,
      weight: rawWeight(subject, candidate, 0),
    })),
  );
  const sizeSlope =
    rates.size * median(timeAdjustedLogs.map((log, i) => Math.exp(log) / screening.candidates[i]!.comp.sqft));

  let adjusted = screening.candidates.map((candidate) => {
    const { adjustedPrice, adjustments } = adjustComp(subject, candidate, trend.perYear, rates);
    const gross = adjustments.reduce((sum, adjustment) => sum + Math.abs(adjustment.amount), 0) / candidate.comp.price;
    return { candidate, adjustedPrice, adjustments, weight: rawWeight(subject, candidate, gross) };
  });

  // Outliers by a robust test: log adjusted prices more than 2.5 scaled MADs from their median.
  if (adjusted.length >= 4) {
    const logs = adjusted.map((entry) => Math.log(entry.adjustedPrice));
    const center = median(logs);
    // Floored at 5 %: among near-identical prices a sale 5 % off is not an outlier.
    const scale = Math.max(MIN_OUTLIER_SCALE, 1.4826 * medianAbsoluteDeviation(logs));
    if (scale > 0) {
      adjusted = adjusted.filter((entry) => {
        const z = Math.abs(Math.log(entry.adjustedPrice) - center) / scale;
        if (entry.candidate.pinned || z <= OUTLIER_Z) return true;
        excluded.push({
          index: entry.candidate.index,
          reason: `outlier: adjusted price ${dollars(entry.adjustedPrice)} is ${z.toFixed(1)} robust deviations from the median ${dollars(Math.exp(center))}`,
        });
        return false;
      });
    }
  }
  if (adjusted.length < MIN_USABLE_COMPS) return notEnough(adjusted.length);

  const totalWeight = adjusted.reduce((sum, entry) => sum + entry.weight, 0);
  const weights = adjusted.map((entry) => entry.weight / totalWeight);
  const logs = adjusted.map((entry) => Math.log(entry.adjustedPrice));
  const center = logs.reduce((sum, value, i) => sum + weights[i]! * value, 0);
  const sumSquaredWeights = weights.reduce((sum, weight) => sum + weight * weight, 0);
  const effectiveCount = 1 / sumSquaredWeights;
  const variance =
    logs.reduce((sum, value, i) => sum + weights[i]! * (value - center) ** 2, 0) /
    Math.max(1e-9, 1 - sumSquaredWeights);

  const bootstrapSamples = options.bootstrapSamples ?? 200;
  let bootstrapVariance: number;
  if (bootstrapSamples > 0) {
    const random = seededRandom(adjusted.length * 7919 + 17);
    const means: number[] = [];
    for (let sample = 0; sample < bootstrapSamples; sample += 1) {
      let weightSum = 0;
      let valueSum = 0;
      for (let draw = 0; draw < adjusted.length; draw += 1) {
        const i = Math.floor(random() * adjusted.length);
        weightSum += weights[i]!;
        valueSum += weights[i]! * logs[i]!;
      }
      means.push(valueSum / weightSum);
    }
    means.sort((a, b) => a - b);
    // The bootstrap's own 80 % interval of the weighted mean, read as a variance.
    const bootstrapHalfWidth = (quantileSorted(means, 0.9) - quantileSorted(means, 0.1)) / 2 / 1.2816;
    bootstrapVariance = bootstrapHalfWidth ** 2;
  } else {
    bootstrapVariance = variance / effectiveCount;
  }
  const halfWidth = RANGE_SCALE * t80(effectiveCount - 1) * Math.sqrt(variance + bootstrapVariance);
  const arvExact = Math.exp(center);
  const arv = roundTo(arvExact, 100);
  const low = Math.min(arv, roundTo(Math.exp(center - halfWidth), 100));
  const high = Math.max(arv, roundTo(Math.exp(center + halfWidth), 100));

  const used: UsedComp[] = adjusted.map((entry, i) => ({
    index: entry.candidate.index,
    adjustedPrice: Math.round(entry.adjustedPrice),
    weight: Math.round(weights[i]! * 10_000) / 10_000,
    adjustments: entry.adjustments.map((adjustment) => ({ ...adjustment, amount: Math.round(adjustment.amount) })),
  }));

  const weighted = (value: (entry: (typeof adjusted)[number]) => number) =>
    adjusted.reduce((sum, entry, i) => sum + weights[i]! * value(entry), 0);
  const located = adjusted.every((entry) => entry.candidate.miles !== undefined);
  const meanMiles = located ? weighted((entry) => entry.candidate.miles ?? 0) : undefined;
  const meanMonths = weighted((entry) => Math.abs(entry.candidate.monthsBefore));
  const relativeWidth = (Math.exp(center + halfWidth) - Math.exp(center - halfWidth)) / arvExact;
  const sizeGap = weighted((entry) => Math.abs(entry.candidate.comp.sqft - subject.sqft) / subject.sqft);
  const widened = screening.widening ? `; ${screening.widening}` : '';
  const factors: ConfidenceFactor[] = [
    {
      factor: 'count',
      score: Math.round((20 * Math.min(adjusted.length, 8)) / 8),
      outOf: 20,
      note: `${adjusted.length} comparable sales used`,
    },
    {
      factor: 'distance',
      score: meanMiles === undefined ? 0 : scoreBetween(meanMiles, 0.25, 2),
      outOf: 20,
      note:
        (meanMiles === undefined
          ? 'locations not given for every sale'
          : `${meanMiles.toFixed(2)} mi away on average (weighted)`) + widened,
    },
    {
      factor: 'recency',
      score: scoreBetween(meanMonths, 3, 24),
      outOf: 20,
      note: `${meanMonths.toFixed(1)} months from the value date on average (weighted)${widened}`,
    },
    {
      factor: 'spread',
      score: scoreBetween(relativeWidth, 0.1, 0.5),
      outOf: 20,
      note: `the 80 % range is ${(relativeWidth * 100).toFixed(0)} % of the value wide`,
    },
    {
      factor: 'size fit',
      score: scoreBetween(sizeGap, 0.05, 0.3),
      outOf: 20,
      note: `sizes differ from the subject's by ${(sizeGap * 100).toFixed(0)} % on average (weighted)`,
    },
  ];
  return {
    kind: 'estimate',
    arv,
    low,
    high,
    confidence: factors.reduce((sum, factor) => sum + factor.score, 0),
    factors,
    used,
    excluded: excluded.sort((a, b) => a.index - b.index),
    trend,
    sizeSlope: Math.round(sizeSlope * 100) / 100,
  };
}
