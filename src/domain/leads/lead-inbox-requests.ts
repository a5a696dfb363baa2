import { z } from 'zod';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { FOLLOW_UP_SEQUENCE_KINDS } from '../follow-ups/sequence';
import { MarketValueSchema } from '../money/market-value-schema';
import { calculationMessages } from '../offer/calculation-messages';
import { MAX_REPAIR_COST } from '../repairs/repair-catalog';
import { boundedText } from '../validation/bounded-text';
import { ClosingTermsSchema, ContractTermsSchema, dealTermsMessages } from './deal-terms';
import { LEAD_SOURCES } from './lead-answered-kind';
import { LEAD_STATUSES } from './lead-status';

export const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: 'Unknown lead status' });

/**
 * PATCH /api/leads-inbox/{id}: the new status; Under Contract comes with its contract terms and
 * Closed with what was received (issue 42 §4), which no other status takes.
 */
export const LeadStatusChangeSchema = z
  .object({
    status: LeadStatusSchema,
    contract: ContractTermsSchema.optional(),
    closing: ClosingTermsSchema.optional(),
  })
  .superRefine(({ status, contract, closing }, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (status === 'under-contract' && !contract) issue('contract', dealTermsMessages.contractRequired);
    if (status !== 'under-contract' && contract) issue('contract', dealTermsMessages.contractOnlyUnderContract);
    if (status === 'closed' && !closing) issue('closing', dealTermsMessages.closingRequired);
    if (status !== 'closed' && closing) issue('closing', dealTermsMessages.closingOnlyClosed);
  });
export type LeadStatusChange = z.infer<typeof LeadStatusChangeSchema>;
export type LeadStatusChangeInput = z.input<typeof LeadStatusChangeSchema>;

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

export const revisedOfferRequestMessages = {
  repairNameRequired: 'Please name the repair',
  repairCostNotANumber: 'Repair costs must be numbers',
  repairCostNegative: 'Repair costs cannot be negative',
  templateNameTooLong: 'Unknown formula template',
} as const;

/** One repair line of a revised offer: what the walkthrough found, and its cost in dollars. */
export const RevisedOfferRepairSchema = z.object({
  name: boundedText('Repair name', 100).pipe(z.string().min(1, revisedOfferRequestMessages.repairNameRequired)),
  cost: z
    .number({ error: revisedOfferRequestMessages.repairCostNotANumber })
    .gte(0, revisedOfferRequestMessages.repairCostNegative)
    .lte(MAX_REPAIR_COST, calculationMessages.repairTotalTooLarge),
});

/**
 * POST /api/leads-inbox/{id}/revised-offer (issue 42 §4): the deal's figures as they now stand
 * (the market value, i.e. the ARV, and the repairs the walkthrough found, in dollars), the
 * workspace's formula template to compute with (a built-in or one of its own, by name; absent:
 * the one the lead's offer was made with), and an optional message to the homeowner. The server
 * computes the range and shows how; nobody types the range.
 */
export const RevisedOfferRequestSchema = z.object({
  marketValue: MarketValueSchema,
  repairs: z
    .array(RevisedOfferRepairSchema)
    .max(50, 'At most 50 repair items')
    .refine(
      (repairs) => repairs.reduce((total, repair) => total + repair.cost, 0) <= MAX_REPAIR_COST,
      calculationMessages.repairTotalTooLarge,
    ),
  templateName: z.string().max(100, revisedOfferRequestMessages.templateNameTooLong).optional(),
  // Only plain words go from a user's fields into an e-mail (the sending policy checks again).
  message: boundedText('Message', 2000)
    .refine((text) => !carriesLinkOrMarkup(text), sendingPolicyMessages.linkOrMarkup('Your message'))
    .default(''),
});
export type RevisedOfferRequest = z.infer<typeof RevisedOfferRequestSchema>;
export type RevisedOfferRequestInput = z.input<typeof RevisedOfferRequestSchema>;

/**
 * POST /api/leads-inbox/{id}/follow-up: start the workspace's sequence of a kind (the first offer's
 * unless said: a nurture, or the quarterly one for a Dead lead); `replace` answers "Replace it?" with yes.
 */
export const LeadFollowUpRequestSchema = z.object({
  replace: z.boolean().default(false),
  sequence: z.enum(FOLLOW_UP_SEQUENCE_KINDS, { error: 'Unknown sequence' }).default('first-offer'),
});
export type LeadFollowUpRequest = z.infer<typeof LeadFollowUpRequestSchema>;
