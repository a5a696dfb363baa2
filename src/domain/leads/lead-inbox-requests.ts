import { z } from 'zod';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { boundedText } from '../validation/bounded-text';
import { LEAD_SOURCES } from './lead-answered-kind';
import { LEAD_STATUSES } from './lead-status';

export const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: 'Unknown lead status' });

/** PATCH /api/leads-inbox/{id}: the new status. */
export const LeadStatusChangeSchema = z.object({ status: LeadStatusSchema });

/** PUT /api/leads-inbox/{id}/assignee: the member (user id) who is to work the lead. */
export const LeadAssigneeChangeSchema = z.object({
  userId: z.string().min(1, 'Please choose a member').max(200, 'Unknown member'),
});
export type LeadAssigneeChange = z.infer<typeof LeadAssigneeChangeSchema>;

/**
 * Whose leads the inbox lists: 'me' (Mine: assigned to the signed-in member), 'all' (Everyone
 * the member sees; the default), or one member's user id.
 */
export const LeadAssigneeFilterSchema = z.union([
  z.literal('me'),
  z.literal('all'),
  z.string().min(1, 'Unknown member').max(200, 'Unknown member'),
]);
export type LeadAssigneeFilter = z.infer<typeof LeadAssigneeFilterSchema>;

/**
 * GET /api/leads-inbox query: filter by status, assignee, lead source and the send (e-mail or mail)
 * whose offer the lead answered, search address or name, next page's cursor.
 */
export const LeadsInboxQuerySchema = z.object({
  status: LeadStatusSchema.optional(),
  assignee: LeadAssigneeFilterSchema.optional(),
  source: z.enum(LEAD_SOURCES, { error: 'Unknown lead source' }).optional(),
  sendId: z.uuid('Unknown send').optional(),
  q: boundedText('Search', 100).optional(),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});
export type LeadsInboxQuery = z.infer<typeof LeadsInboxQuerySchema>;

/** Leads per inbox page. */
export const LEADS_PAGE_SIZE = 50;

export const MAX_LEAD_NOTE_LENGTH = 5000;

/** Notes one lead keeps at most: its page and history stay a readable size. */
export const MAX_LEAD_NOTES = 200;

export const leadNoteMessages = {
  tooMany: `This lead already has ${MAX_LEAD_NOTES} notes, the most one lead can keep.`,
} as const;

/** History entries per page of a lead's history (the lead answer carries the newest page). */
export const LEAD_HISTORY_PAGE_SIZE = 50;

/** GET /api/leads-inbox/{id}/events query: the page of history before this cursor (from the previous page). */
export const LeadHistoryQuerySchema = z.object({
  before: z.string().max(200, 'Invalid history cursor'),
});

/** POST /api/leads-inbox/{id}/notes: a free-text note the wholesaler keeps on a lead. */
export const LeadNoteSchema = z.object({
  text: boundedText('Note', MAX_LEAD_NOTE_LENGTH).pipe(z.string().min(1, 'Please write a note')),
});
export type LeadNote = z.infer<typeof LeadNoteSchema>;

/** An offer amount in whole dollars, $0 to $10,000,000,000. */
export const OfferAmountSchema = z
  .number({ error: 'Offer amounts must be numbers' })
  .int('Offer amounts are whole dollars')
  .gte(0, 'Offer amounts must be 0 or more')
  .lte(1e10, 'Offer amounts must be at most $10,000,000,000');

export const offerRangeMessages = {
  lowAboveHigh: 'The low offer must not be above the high offer',
} as const;

/**
 * POST /api/leads-inbox/{id}/revised-offer: the new range in whole dollars (low <= high, not
 * above the market value, checked by the server against the lead's), an optional market value
 * when the lead has none, and an optional message to the homeowner.
 */
export const RevisedOfferRequestSchema = z.object({
  offerRange: z
    .object({ low: OfferAmountSchema, high: OfferAmountSchema })
    .refine((range) => range.low <= range.high, { message: offerRangeMessages.lowAboveHigh, path: ['low'] }),
  marketValue: z.number().positive('Market value must be a positive number').max(1e10).optional(),
  // Only plain words go from a user's fields into an e-mail (the sending policy checks again).
  message: boundedText('Message', 2000)
    .refine((text) => !carriesLinkOrMarkup(text), sendingPolicyMessages.linkOrMarkup('Your message'))
    .default(''),
});
export type RevisedOfferRequest = z.infer<typeof RevisedOfferRequestSchema>;
export type RevisedOfferRequestInput = z.input<typeof RevisedOfferRequestSchema>;

/** POST /api/leads-inbox/{id}/follow-up: start the built-in sequence; `replace` answers "Replace it?" with yes. */
export const LeadFollowUpRequestSchema = z.object({ replace: z.boolean().default(false) });
export type LeadFollowUpRequest = z.infer<typeof LeadFollowUpRequestSchema>;
