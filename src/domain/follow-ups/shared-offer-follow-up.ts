import { z } from 'zod';
import { RecipientEmailSchema } from '../bulk-import/bulk-import-property';
import { OfferTokenSchema } from '../offer/offer-token';
import { boundedText } from '../validation/bounded-text';

/**
 * POST /api/offer-links/follow-up: follow up a shared offer with the homeowner it was shared with,
 * by e-mail, until they answer. The link's token says which offer (only its maker's workspace may).
 */
export const SharedOfferFollowUpSchema = z.object({
  token: OfferTokenSchema,
  name: boundedText('Name', 200).default(''),
  email: RecipientEmailSchema,
  replace: z.boolean().default(false),
});

export type SharedOfferFollowUp = z.infer<typeof SharedOfferFollowUpSchema>;
export type SharedOfferFollowUpInput = z.input<typeof SharedOfferFollowUpSchema>;
