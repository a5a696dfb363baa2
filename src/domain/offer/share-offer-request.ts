import { z } from 'zod';
import { CalculationInputSchema } from './offer-request-schema';

/**
 * POST /api/offer-links ('Share offer'): from the calculator's current calculation (the server
 * recomputes the range from the repairs and template), or from one of the user's saved
 * properties by id (its stored figures are used as they are).
 */
export const ShareOfferRequestSchema = z.discriminatedUnion(
  'from',
  [
    z.object({ from: z.literal('calculation'), calculation: CalculationInputSchema }),
    z.object({ from: z.literal('saved-property'), savedPropertyId: z.uuid('Unknown saved property') }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? 'Say what to share: a calculation or a saved property' : undefined,
  },
);

export type ShareOfferRequest = z.infer<typeof ShareOfferRequestSchema>;
