import { z } from 'zod';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import type { MarketValueSource } from './market-value-source';

/** Most comps one estimate takes (POST /api/arv/estimate refuses more). */
export const MAX_ARV_COMPS = 500;

/** The longest reason a user may give for pinning or excluding a comp, in characters. */
export const MAX_COMP_REASON_LENGTH = 200;

// Bounds are wide enough for any real home and narrow enough that no arithmetic overflows
// (1e308 or a negative square footage is refused at the boundary, never estimated; so are a price
// under $1 and an area under 1 sq ft, whose ratios to real ones overflowed the range to Infinity).
// The messages are the ones a person typing a comp by hand reads (TypedCompSchema, below).
const price = z
  .number({ error: 'Enter the sale price in dollars' })
  .finite('Enter the sale price in dollars')
  .min(1, 'The price must be at least $1')
  .max(1_000_000_000, 'The price must be at most $1,000,000,000');
const sqft = z
  .number({ error: 'Enter the square feet' })
  .finite('Enter the square feet')
  .min(1, 'Square feet must be at least 1')
  .max(1_000_000, 'Square feet must be at most 1,000,000');
const rooms = z
  .number({ error: 'Enter a number' })
  .finite('Enter a number')
  .min(0, 'Must be 0 or more')
  .max(100, 'Must be at most 100');
const year = z
  .number({ error: 'Enter a year like 1985' })
  .int('Enter a year like 1985')
  .min(1600, 'Enter a year from 1600 to 2200')
  .max(2200, 'Enter a year from 1600 to 2200');
const lotSqft = z
  .number({ error: 'Enter the lot size in square feet' })
  .finite('Enter the lot size in square feet')
  .min(0, 'Must be 0 or more')
  .max(1_000_000_000, 'Must be at most 1,000,000,000')
  .refine((value) => value === 0 || value >= 1, 'Must be 0 or at least 1');
const latitude = z
  .number({ error: 'Enter a latitude like 47.6062' })
  .finite('Enter a latitude like 47.6062')
  .min(-90, 'A latitude is from -90 to 90')
  .max(90, 'A latitude is from -90 to 90');
const longitude = z
  .number({ error: 'Enter a longitude like -122.3321' })
  .finite('Enter a longitude like -122.3321')
  .min(-180, 'A longitude is from -180 to 180')
  .max(180, 'A longitude is from -180 to 180');
/** A calendar date, YYYY-MM-DD. */
const isoDate = z
  .string({ error: 'Enter the sale date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-05-31')
  // Date.parse rolls 2025-02-31 over to March 3rd: a real date reads back the same.
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  }, 'Use a real date');
// jsonb cannot hold U+0000: an address or reason with one is refused, never a failed save.
const address = z
  .string()
  .trim()
  .max(300, 'The address must be at most 300 characters')
  .refine(hasNoNulCharacter, textMessages.nulCharacter);

export const COMP_CONDITIONS = ['renovated', 'as-is', 'unknown'] as const;
export type CompCondition = (typeof COMP_CONDITIONS)[number];

/** The property being valued: its own facts, asked for once and kept with the property. */
export const ArvSubjectSchema = z.strictObject({
  sqft,
  beds: rooms.optional(),
  baths: rooms.optional(),
  yearBuilt: year.optional(),
  lotSqft: lotSqft.optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  /** The date the value is wanted for (YYYY-MM-DD); absent: the newest comp's sale date. */
  valueDate: isoDate.optional(),
});
export type ArvSubject = z.infer<typeof ArvSubjectSchema>;

/** One sold home offered as a comparable sale. Price in dollars, areas in square feet. */
export const ArvCompSchema = z.strictObject({
  price,
  soldDate: isoDate,
  sqft,
  beds: rooms.optional(),
  baths: rooms.optional(),
  yearBuilt: year.optional(),
  lotSqft: lotSqft.optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  address: address.optional(),
  condition: z.enum(COMP_CONDITIONS).optional(),
});
export type ArvComp = z.infer<typeof ArvCompSchema>;

/** A field as typed: blank → absent; '$310,000' or '1 500' → the number; anything else → NaN, refused with the field's message. */
const typedNumber = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.replace(/[$,\s]/g, '');
    return text === '' ? undefined : Number(text);
  }, schema);
/** Blank text → absent, so a required field says what to enter rather than how. */
const typedText = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/**
 * One comp typed by hand in the ARV panel, every field as text: price, sale date and square feet
 * required; the rest optional; latitude and longitude both or neither (a distance needs both).
 * Its output is an ArvComp, checked by the same rules and messages as the estimate's body.
 */
export const TypedCompSchema = z
  .object({
    price: typedNumber(price),
    soldDate: typedText(isoDate),
    sqft: typedNumber(sqft),
    beds: typedNumber(rooms.optional()),
    baths: typedNumber(rooms.optional()),
    yearBuilt: typedNumber(year.optional()),
    address: typedText(address.optional()),
    lat: typedNumber(latitude.optional()),
    lng: typedNumber(longitude.optional()),
  })
  .refine((comp) => (comp.lat === undefined) === (comp.lng === undefined), {
    message: 'Give both latitude and longitude, or neither',
    path: ['lng'],
  })
  .transform((comp): ArvComp => {
    // Absent fields are left out, not kept as undefined, so the comp reads as one from a CSV.
    const entries = Object.entries(comp).filter(([, value]) => value !== undefined);
    return Object.fromEntries(entries) as ArvComp;
  });
/** The typed comp form's values: every field as text. */
export type TypedCompInput = Record<keyof z.input<typeof TypedCompSchema>, string>;

/** The body of POST /api/arv/estimate (ARCHITECTURE.md, fixed interface). trendPerYear: a fraction, 0.05 = +5 %/year. */
export const ArvEstimateRequestSchema = z.strictObject({
  subject: ArvSubjectSchema,
  comps: z.array(ArvCompSchema).max(MAX_ARV_COMPS, `At most ${MAX_ARV_COMPS} comparable sales`),
  trendPerYear: z.number().finite().min(-0.5).max(0.5).optional(),
});
export type ArvEstimateRequest = z.infer<typeof ArvEstimateRequestSchema>;

/** A user's decision on one comp: pinned (always used) or excluded (never used), with the reason kept. */
export const CompDecisionSchema = z.strictObject({
  action: z.enum(['pin', 'exclude']),
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason')
    .max(MAX_COMP_REASON_LENGTH)
    .refine(hasNoNulCharacter, textMessages.nulCharacter),
});
export type CompDecision = z.infer<typeof CompDecisionSchema>;

/** A comp as kept with a saved property: its facts and the user's decision, if any. */
export const SavedArvCompSchema = ArvCompSchema.extend({ decision: CompDecisionSchema.optional() });
export type SavedArvComp = z.infer<typeof SavedArvCompSchema>;

/** The estimate kept with comps: its ARV, 80 % range and confidence, and which comps it used. */
const ArvKeptEstimateSchema = z.strictObject({
  arv: price,
  low: price,
  high: price,
  confidence: z.number().int().min(0).max(100),
  /** Per used comp: its index in comps and its adjusted price, for the deal sheet's table. */
  used: z.array(z.strictObject({ index: z.number().int().min(0), adjustedPrice: price })).max(MAX_ARV_COMPS),
});

/** What saved_properties.arv_comps holds: the subject's facts, the comps with decisions, and the estimate shown. */
export const SavedArvCompsSchema = z.strictObject({
  subject: ArvSubjectSchema,
  comps: z.array(SavedArvCompSchema).max(MAX_ARV_COMPS),
  trendPerYear: z.number().finite().min(-0.5).max(0.5).optional(),
  /** The estimate the user accepted with "Use this ARV"; absent: comps kept without an estimate. */
  estimate: ArvKeptEstimateSchema.optional(),
});
export type SavedArvComps = z.infer<typeof SavedArvCompsSchema>;

/** The comps behind an ARV the user used ("Use this ARV"): kept comps whose estimate is there. */
export const ArvFromCompsSchema = SavedArvCompsSchema.extend({ estimate: ArvKeptEstimateSchema }).refine(
  (kept) => kept.estimate.used.every(({ index }) => index < kept.comps.length),
  { message: 'Every comp the ARV used must be among the comps', path: ['estimate', 'used'] },
);
export type ArvFromComps = z.infer<typeof ArvFromCompsSchema>;

/** A calculation's market value source (market-value-source.ts), as a save request carries it. */
export const MarketValueSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('typed') }),
  z.strictObject({ kind: z.literal('comps'), arvComps: ArvFromCompsSchema }),
]) satisfies z.ZodType<MarketValueSource>;

/** What offer_links.nearby_sales holds and the homeowner sees: address, date and price only (no adjustments, no weights). */
export interface NearbySale {
  address: string;
  soldDate: string;
  price: number;
}
