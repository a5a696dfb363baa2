import { z } from 'zod';
import { PROSPECT_STATUSES, PROSPECT_TOUCH_KINDS } from './prospect-touch';

/** Why a row of a send was skipped: an earlier send already offered its owner and property the same range. */
export const sameOfferSentReason = 'Already sent this offer in an earlier send';

/** Prospects a page of GET /api/prospects holds. */
export const PROSPECTS_PAGE_SIZE = 50;

/** The channels a prospect can be reached by: an e-mail, a phone, a mailing address. */
export const PROSPECT_CHANNELS = ['email', 'phone', 'mail'] as const;
export type ProspectChannel = (typeof PROSPECT_CHANNELS)[number];

/** GET /api/prospects query: one send's prospects or all, a search (name or address), filters, the next page's cursor. */
export const ProspectListQuerySchema = z.object({
  sendId: z.uuid('Unknown send').optional(),
  q: z.string().trim().max(200, 'Search for at most 200 characters').optional(),
  status: z.enum(PROSPECT_STATUSES, 'Unknown status').optional(),
  touch: z.enum(PROSPECT_TOUCH_KINDS, 'Unknown touch').optional(),
  channel: z.enum(PROSPECT_CHANNELS, 'Unknown channel').optional(),
  cursor: z.string().max(400, 'Invalid page cursor').optional(),
});
export type ProspectListQuery = z.infer<typeof ProspectListQuerySchema>;

export const promoteMessages = {
  price: 'Enter the price the owner named, in whole dollars',
  note: 'Notes can be at most 2,000 characters',
} as const;

/** The fields of a promotion, each with its own rule; the request also needs the price of a counter. */
export const PromoteProspectFields = z.object({
  kind: z.enum(['accept', 'counter', 'program'], 'Choose what the owner said'),
  desiredPrice: z
    .number(promoteMessages.price)
    .int(promoteMessages.price)
    .positive(promoteMessages.price)
    .max(1e9, promoteMessages.price)
    .optional(),
  note: z.string().trim().max(2000, promoteMessages.note).default(''),
});

/** An owner who named a price (a counter) is promoted with it. */
export const counterHasPrice: [
  (request: { kind: string; desiredPrice?: number | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (request) => request.kind !== 'counter' || request.desiredPrice !== undefined,
  { message: promoteMessages.price, path: ['desiredPrice'] },
];

/**
 * POST /api/prospects/{id}/promote: what the owner said on the call (took the offer, named a price,
 * asked about the MLS/Retail program) and the member's note; the prospect becomes a lead.
 */
export const PromoteProspectRequestSchema = PromoteProspectFields.refine(...counterHasPrice);
export type PromoteProspectRequest = z.infer<typeof PromoteProspectRequestSchema>;
export type PromoteProspectInput = z.input<typeof PromoteProspectRequestSchema>;

/** The share of the owners a send reached who answered, 0 to 1 (0 when it reached nobody), to 3 decimals. */
export function answerRate({ answered, reached }: { answered: number; reached: number }): number {
  if (reached <= 0) return 0;
  return Math.round((Math.min(answered, reached) / reached) * 1000) / 1000;
}
