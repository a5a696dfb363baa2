// Estimate requests for property tests of the ARV (issue 37, finding 13): any body the route's
// schema accepts, from a street of like homes sold last month to pinned sales centuries, sizes
// and prices apart.
import fc from 'fast-check';
import { MAX_ARV_COMPS, type ArvComp, type ArvEstimateRequest } from '#domain/arv/arv-request-schema.ts';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const FIRST_DAY = Date.parse('0001-01-01T00:00:00Z');
const LAST_DAY = Date.parse('9999-12-31T00:00:00Z');

/** Any calendar date the schema accepts (years 0001–9999), most of them in recent decades. */
const anyDate = fc.oneof(
  fc.integer({ min: Date.parse('1990-01-01'), max: Date.parse('2030-12-31') }),
  fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
);

/** A value in [min, max], often at its ends. */
const anyNumber = (min: number, max: number) =>
  fc.oneof(fc.constantFrom(min, max), fc.double({ min, max, noNaN: true }));

const anyComp: fc.Arbitrary<ArvComp> = fc.record(
  {
    price: anyNumber(1, 1_000_000_000),
    soldDate: anyDate.map(isoDay),
    sqft: anyNumber(1, 1_000_000),
    beds: anyNumber(0, 100),
    baths: anyNumber(0, 100),
    yearBuilt: fc.integer({ min: 1600, max: 2200 }),
    lotSqft: fc.oneof(fc.constant(0), anyNumber(1, 1_000_000_000)),
    lat: anyNumber(-90, 90),
    lng: anyNumber(-180, 180),
    condition: fc.constantFrom('renovated' as const, 'as-is' as const, 'unknown' as const),
  },
  { requiredKeys: ['price', 'soldDate', 'sqft'] },
);

/** A comp like the subject, sold within two years before `valueTime`. */
const likeComp = (valueTime: number, sqft: number) =>
  fc.record({
    price: fc.integer({ min: 100_000, max: 1_500_000 }),
    soldDate: fc.integer({ min: 0, max: 730 }).map((days) => isoDay(Math.max(FIRST_DAY, valueTime - days * DAY_MS))),
    sqft: fc.double({ min: Math.max(1, sqft * 0.8), max: Math.min(1_000_000, sqft * 1.2), noNaN: true }),
    beds: fc.integer({ min: 2, max: 4 }),
    baths: fc.constantFrom(1, 1.5, 2, 2.5),
    yearBuilt: fc.integer({ min: 1900, max: 2020 }),
    lat: fc.double({ min: 47.67, max: 47.69, noNaN: true }),
    lng: fc.double({ min: -122.36, max: -122.34, noNaN: true }),
  });

/** A request body the route accepts, with the indexes of pinned comps. */
export const arbitraryArvRequest: fc.Arbitrary<ArvEstimateRequest & { pinned: number[] }> = fc
  .record({
    valueTime: anyDate,
    givesValueDate: fc.boolean(),
    sqft: fc.oneof(fc.integer({ min: 600, max: 4000 }), anyNumber(1, 1_000_000)),
    beds: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
    yearBuilt: fc.option(fc.integer({ min: 1600, max: 2200 }), { nil: undefined }),
    lotSqft: fc.option(fc.oneof(fc.constant(0), anyNumber(1, 1_000_000_000)), { nil: undefined }),
    trendPerYear: fc.option(anyNumber(-0.5, 0.5), { nil: undefined }),
  })
  .chain((base) =>
    fc.record({
      base: fc.constant(base),
      comps: fc.array(fc.oneof({ weight: 3, arbitrary: likeComp(base.valueTime, base.sqft) }, anyComp), {
        maxLength: 40,
      }),
      pinnedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      pinSeed: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 40, maxLength: 40 }),
    }),
  )
  .map(({ base, comps, pinnedShare, pinSeed }) => ({
    subject: {
      sqft: base.sqft,
      lat: 47.68,
      lng: -122.35,
      ...(base.beds !== undefined && { beds: base.beds }),
      ...(base.yearBuilt !== undefined && { yearBuilt: base.yearBuilt }),
      ...(base.lotSqft !== undefined && { lotSqft: base.lotSqft }),
      ...(base.givesValueDate && { valueDate: isoDay(base.valueTime) }),
    },
    comps: comps.slice(0, MAX_ARV_COMPS),
    ...(base.trendPerYear !== undefined && { trendPerYear: base.trendPerYear }),
    pinned: comps.flatMap((_, index) => (pinSeed[index]! < pinnedShare ? [index] : [])),
  }));

/** Every number of an estimate's answer that must be finite: the figures, each used comp's and its adjustments. */
export function figuresOf(estimate: {
  arv: unknown;
  low: unknown;
  high: unknown;
  confidence: unknown;
  sizeSlope: unknown;
  trend: { perYear: unknown };
  factors: { score: unknown }[];
  used: { adjustedPrice: unknown; weight: unknown; adjustments: { amount: unknown }[] }[];
}): unknown[] {
  return [
    estimate.arv,
    estimate.low,
    estimate.high,
    estimate.confidence,
    estimate.sizeSlope,
    estimate.trend.perYear,
    ...estimate.factors.map((factor) => factor.score),
    ...estimate.used.flatMap((comp) => [
      comp.adjustedPrice,
      comp.weight,
      ...comp.adjustments.map((adjustment) => adjustment.amount),
    ]),
  ];
}
