import { z } from 'zod';
import { HomeownerContactSchema } from '../contact/contact-schema';
import { MarketValueSchema } from '../money/market-value-schema';
import { calculationMessages } from '../offer/calculation-messages';
import { hasNoNulCharacter } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';
import { DesiredPriceSchema } from './desired-price';
import { leadFormQueryMessages } from './lead-form-query';
import { MlsProgramSchema } from './mls-program-schema';
import { negotiationOutcome } from './negotiation-outcome';

export const leadRequestMessages = {
  ...leadFormQueryMessages,
  rangeAboveMarketValue: 'The offer range cannot be above the market value',
  needsProgram: 'A desired price above 82% of the market value goes through the MLS/Retail program',
  nulCharacter: 'Text cannot contain NUL characters',
} as const;

const address = z
  .string()
  .trim()
  .min(1, calculationMessages.addressRequired)
  .max(300, 'Address must be at most 300 characters')
  .refine(hasNoNulCharacter, leadRequestMessages.nulCharacter)
  .refine(hasNoInvisibleCharacters, invisibleCharactersMessage);

// zod 4 numbers are finite: NaN and ±Infinity fail with 'Invalid offer range values' too (§5).
const offerDollars = z
  .number({ error: leadRequestMessages.invalidRange })
  .gte(-1e10, leadRequestMessages.invalidRange)
  .lte(1e10, leadRequestMessages.invalidRange);

/** A cash-offer range in whole or fractional dollars: two finite numbers, low <= high (§5 'Invalid offer range values'). */
export const OfferRangeSchema = z
  .object({ low: offerDollars, high: offerDollars })
  .refine((range) => range.low <= range.high, leadRequestMessages.invalidRange);

/** §5: the repair total is a finite number >= 0 ('Invalid repair cost value'). */
export const TotalRepairCostSchema = z
  .number({ error: leadRequestMessages.invalidRepairCost })
  .gte(0, leadRequestMessages.invalidRepairCost)
  // 50 repair items of at most $10bn each.
  .lte(5e11, leadRequestMessages.invalidRepairCost);

const rangeWithinMarketValue = (lead: { marketValue: number; offerRange: { high: number } }) =>
  lead.offerRange.high <= lead.marketValue;

/**
 * §4 Homeowner accept ('Get Offer'): the offer as shown. Without contact it is the record made
 * before the redirect to an outside lead form; with contact it comes from the app's own lead
 * page. desiredPrice is a counter-offer accepted earlier in the same visit, if any.
 */
export const AcceptLeadSchema = z
  .object({
    kind: z.literal('accept'),
    address,
    marketValue: MarketValueSchema,
    offerRange: OfferRangeSchema,
    totalRepairCost: TotalRepairCostSchema,
    desiredPrice: DesiredPriceSchema.optional(),
    contact: HomeownerContactSchema.optional(),
  })
  .refine(rangeWithinMarketValue, { message: leadRequestMessages.rangeAboveMarketValue, path: ['offerRange'] });

/** §4 Negotiate: a counter-offer that is accepted (a homeowner's only up to 82% of market value). */
export const CounterLeadSchema = z
  .object({
    kind: z.literal('counter'),
    address,
    marketValue: MarketValueSchema,
    offerRange: OfferRangeSchema,
    desiredPrice: DesiredPriceSchema,
    userType: z.enum(['homeowner', 'wholesaler'], { error: 'Unknown user type' }),
  })
  .refine(rangeWithinMarketValue, { message: leadRequestMessages.rangeAboveMarketValue, path: ['offerRange'] })
  // §4: above the threshold a homeowner is shown the programme instead; such a counter-offer is never "accepted".
  .refine((lead) => negotiationOutcome(lead) === 'accepted', {
    message: leadRequestMessages.needsProgram,
    path: ['desiredPrice'],
  });

/** §2/§5 'MLS/Retail Program Details', with the offer and counter-offer it followed when known. */
export const ProgramLeadSchema = MlsProgramSchema.extend({
  kind: z.literal('program'),
  marketValue: MarketValueSchema.optional(),
  offerRange: OfferRangeSchema.optional(),
  desiredPrice: DesiredPriceSchema.optional(),
});

/** Every lead the calculator sends to POST /api/leads, told apart by kind (LeadAnswerKind); the web forms and the server share it. */
export const LeadRequestSchema = z
  .discriminatedUnion('kind', [AcceptLeadSchema, CounterLeadSchema, ProgramLeadSchema], {
    error: (issue) => (issue.code === 'invalid_union' ? 'Unknown lead kind' : undefined),
  })
  // PostgreSQL text cannot hold U+0000; refuse it here rather than fail on insert.
  .refine((lead) => !JSON.stringify(lead).includes('\\u0000'), leadRequestMessages.nulCharacter);

export type AcceptLead = z.infer<typeof AcceptLeadSchema>;
export type CounterLead = z.infer<typeof CounterLeadSchema>;
export type ProgramLead = z.infer<typeof ProgramLeadSchema>;
export type LeadRequest = z.infer<typeof LeadRequestSchema>;
/** What a client may send (notes may be left out). */
export type LeadRequestInput = z.input<typeof LeadRequestSchema>;
