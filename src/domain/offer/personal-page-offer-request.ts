import type { z } from 'zod';
import { CalculationInputSchema } from './offer-request-schema';

/**
 * POST /api/public/wholesalers/{handle}/offers: a homeowner on a wholesaler's personal page
 * `/c/{handle}` answers the offer they calculated. The page's formula is always the default
 * template, so none is sent: a visitor cannot make the wholesaler an offer on other terms.
 */
export const PersonalPageOfferRequestSchema = CalculationInputSchema.omit({ template: true });

export type PersonalPageOfferRequest = z.infer<typeof PersonalPageOfferRequestSchema>;
