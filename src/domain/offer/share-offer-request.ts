import { z } from 'zod';
import { NearbySalesSchema } from '../arv/nearby-sales';
import { CalculationInputSchema } from './offer-request-schema';

/**
 * POST /api/offer-links ('Share offer'): from the calculator's current calculation (the server
 * recomputes the range from the repairs and template), or from one of the user's saved
 * properties by id (its stored figures are used as they are). A calculation whose market value is
 * the ARV from comps carries the used comps' address, date and price (`nearbySales`), which the
 * homeowner's page lists; a saved property's come from its kept comps, on the server.
 */
export const ShareOfferRequestSchema = z.discriminatedUnion(
  'from',
  [
    z.object({
      from: z.literal('calculation'),
      calculation: CalculationInputSchema,
      nearbySales: NearbySalesSchema.optional(),
    }),
    z.object({ from: z.literal('saved-property'), savedPropertyId: z.uuid('Unknown saved property') }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? 'Say what to share: a calculation or a saved property' : undefined,
  },
);

export type ShareOfferRequest = z.infer<typeof ShareOfferRequestSchema>;
