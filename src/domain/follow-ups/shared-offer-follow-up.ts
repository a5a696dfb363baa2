import { z } from 'zod';
import { RecipientEmailSchema } from '../bulk-import/bulk-import-property';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { OfferTokenSchema } from '../offer/offer-token-schema';
import { boundedText } from '../validation/bounded-text';

/**
 * POST /api/offer-links/follow-up: follow up a shared offer with the homeowner it was shared with,
 * by e-mail, until they answer. The link's token says which offer (only its maker's workspace may).
 */
export const SharedOfferFollowUpSchema = z.object({
  token: OfferTokenSchema,
  // The greeting of every follow-up e-mail: plain words only (the sending policy checks again).
  name: boundedText('Name', 200)
    .refine((name) => !carriesLinkOrMarkup(name), sendingPolicyMessages.linkOrMarkup('Name'))
    .default(''),
  email: RecipientEmailSchema,
  replace: z.boolean().default(false),
});

export type SharedOfferFollowUp = z.infer<typeof SharedOfferFollowUpSchema>;
export type SharedOfferFollowUpInput = z.input<typeof SharedOfferFollowUpSchema>;
