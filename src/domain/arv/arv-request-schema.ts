import { z } from 'zod';

/** Most comps one estimate takes (POST /api/arv/estimate refuses more). */
export const MAX_ARV_COMPS = 500;

/** The longest reason a user may give for pinning or excluding a comp, in characters. */
export const MAX_COMP_REASON_LENGTH = 200;

// Bounds are wide enough for any real home and narrow enough that no arithmetic overflows
// (1e308 or a negative square footage is refused at the boundary, never estimated).
const price = z.number().finite().positive().max(1_000_000_000);
const sqft = z.number().finite().positive().max(1_000_000);
const rooms = z.number().finite().min(0).max(100);
const year = z.number().int().min(1600).max(2200);
const lotSqft = z.number().finite().min(0).max(1_000_000_000);
const latitude = z.number().finite().min(-90).max(90);
const longitude = z.number().finite().min(-180).max(180);
/** A calendar date, YYYY-MM-DD. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-05-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Use a real date');

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
  address: z.string().trim().max(300).optional(),
  condition: z.enum(COMP_CONDITIONS).optional(),
});
export type ArvComp = z.infer<typeof ArvCompSchema>;

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
  reason: z.string().trim().min(1, 'Give a reason').max(MAX_COMP_REASON_LENGTH),
});
export type CompDecision = z.infer<typeof CompDecisionSchema>;

/** A comp as kept with a saved property: its facts and the user's decision, if any. */
export const SavedArvCompSchema = ArvCompSchema.extend({ decision: CompDecisionSchema.optional() });
export type SavedArvComp = z.infer<typeof SavedArvCompSchema>;

/** What saved_properties.arv_comps holds: the subject's facts, the comps with decisions, and the estimate shown. */
export const SavedArvCompsSchema = z.strictObject({
  subject: ArvSubjectSchema,
  comps: z.array(SavedArvCompSchema).max(MAX_ARV_COMPS),
  trendPerYear: z.number().finite().min(-0.5).max(0.5).optional(),
  /** The estimate the user accepted with "Use this ARV"; absent: comps kept without an estimate. */
  estimate: z
    .strictObject({
      arv: price,
      low: price,
      high: price,
      confidence: z.number().int().min(0).max(100),
      /** Per used comp: its index in comps and its adjusted price, for the deal sheet's table. */
      used: z.array(z.strictObject({ index: z.number().int().min(0), adjustedPrice: price })).max(MAX_ARV_COMPS),
    })
    .optional(),
});
export type SavedArvComps = z.infer<typeof SavedArvCompsSchema>;

/** What offer_links.nearby_sales holds and the homeowner sees: address, date and price only (no adjustments, no weights). */
export interface NearbySale {
  address: string;
  soldDate: string;
  price: number;
}
