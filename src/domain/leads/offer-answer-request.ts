import { z } from 'zod';
import { HomeownerContactSchema } from '../contact/contact-schema';
import { DesiredPriceSchema } from './desired-price';
import { MAX_NOTES_LENGTH, MlsProgramSchema } from './mls-program-schema';

export const offerAnswerMessages = {
  unknownKind: 'Unknown answer',
  nulCharacter: 'Text cannot contain NUL characters',
} as const;

const note = z
  .string()
  .trim()
  .max(MAX_NOTES_LENGTH, `Message must be at most ${MAX_NOTES_LENGTH} characters`)
  .default('');

/**
 * A homeowner's answer to one offer link (POST /api/public/offers/{token}/responses), shared by
 * the offer page's forms: accept ('Get Offer'), counter at a price (§4 Negotiate), the MLS/Retail
 * programme form (§5, its address is the offer's), or a request for a fresh offer (an expired
 * one). Contact is always required: the wholesaler has to reach the homeowner.
 */
export const OfferAnswerRequestSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('accept'), contact: HomeownerContactSchema, message: note }),
      z.object({
        kind: z.literal('counter'),
        desiredPrice: DesiredPriceSchema,
        contact: HomeownerContactSchema,
        message: note,
      }),
      MlsProgramSchema.omit({ address: true }).extend({
        kind: z.literal('program'),
        desiredPrice: DesiredPriceSchema.optional(),
      }),
      z.object({ kind: z.literal('new-offer'), contact: HomeownerContactSchema, message: note }),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? offerAnswerMessages.unknownKind : undefined) },
  )
  // PostgreSQL text cannot hold U+0000; refuse it here rather than fail on insert.
  .refine((answer) => !JSON.stringify(answer).includes('\\u0000'), offerAnswerMessages.nulCharacter);

export type OfferAnswerRequest = z.infer<typeof OfferAnswerRequestSchema>;
export type OfferAnswerRequestInput = z.input<typeof OfferAnswerRequestSchema>;

/** The homeowner's contact in any answer (the programme form names its fields differently). */
export function answerContact(answer: OfferAnswerRequest): { name: string; email: string; phone: string } {
  return answer.kind === 'program'
    ? { name: answer.fullName, email: answer.email, phone: answer.phone }
    : answer.contact;
}
