import { z } from 'zod';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { boundedText } from '../validation/bounded-text';
import {
  FOLLOW_UP_MAIL_KINDS,
  FOLLOW_UP_TASK_KINDS,
  type FollowUpSequence,
  type FollowUpSequenceKind,
} from './sequence';

/** Steps after the offer a sequence may have, and the last day one may fall on. */
export const MAX_FOLLOW_UP_STEPS = 12;
export const MAX_FOLLOW_UP_DAY = 365;

export const sequenceMessages = {
  daysInOrder: 'Each step must come on a later day than the one before it',
  day: `Day must be a whole number from 1 to ${MAX_FOLLOW_UP_DAY}`,
  tooManySteps: `A sequence has at most ${MAX_FOLLOW_UP_STEPS} steps after the offer`,
  noSteps: 'Add at least one step after the offer',
} as const;

// Only plain words go from a user's fields into an e-mail (the sending policy checks again);
// the `{offerLink}` field is the only link a step carries.
const typed = (label: string, max: number) =>
  boundedText(label, max)
    .refine((text) => text !== '', `${label} is required`)
    .refine((text) => !carriesLinkOrMarkup(text), sendingPolicyMessages.linkOrMarkup(label));

const Day = z
  .number(sequenceMessages.day)
  .int(sequenceMessages.day)
  .min(1, sequenceMessages.day)
  .max(MAX_FOLLOW_UP_DAY, sequenceMessages.day);

const StepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    day: Day,
    subject: typed('Subject', 150),
    body: typed('Message', 2000),
    renewsOffer: z.boolean().default(false),
  }),
  z.object({ kind: z.enum(FOLLOW_UP_TASK_KINDS), day: Day, body: typed('Script', 2000) }),
  // The owner's mailed offer drawn again: its words are the mailed offer's own, nothing typed.
  z.object({ kind: z.enum(FOLLOW_UP_MAIL_KINDS), day: Day, renewsOffer: z.boolean().default(true) }),
]);

/**
 * PUT /api/follow-ups/sequence and /api/follow-ups/sequences/{kind}: a Pro workspace's own sequence
 * of a kind; day 0, the offer, is implied.
 */
export const FollowUpSequenceRequestSchema = z
  .object({
    name: typed('Name', 80),
    steps: z.array(StepSchema).min(1, sequenceMessages.noSteps).max(MAX_FOLLOW_UP_STEPS, sequenceMessages.tooManySteps),
  })
  .superRefine(({ steps }, ctx) => {
    steps.forEach((step, index) => {
      if (index > 0 && step.day <= steps[index - 1]!.day) {
        ctx.addIssue({ code: 'custom', path: ['steps', index, 'day'], message: sequenceMessages.daysInOrder });
      }
    });
  });

export type FollowUpSequenceRequest = z.infer<typeof FollowUpSequenceRequestSchema>;
export type FollowUpSequenceRequestInput = z.input<typeof FollowUpSequenceRequestSchema>;

/** The sequence a request describes, of its kind (first-offer unless said), the offer first. */
export function sequenceFromRequest(
  request: FollowUpSequenceRequest,
  kind: FollowUpSequenceKind = 'first-offer',
): FollowUpSequence {
  return { name: request.name, kind, steps: [{ day: 0, kind: 'offer' }, ...request.steps] };
}
