import type { z } from 'zod';
import { MarketValueSourceSchema } from '../arv/arv-request-schema';
import { SaveContactSchema } from '../contact/contact-schema';
import { CalculationInputSchema } from '../offer/offer-request-schema';

/**
 * What the Save Property form sends: the calculation as entered plus the contact (§4 Save), and
 * where its market value came from: the ARV from comps comes with its comps, kept by the same save.
 */
export const SavePropertyRequestSchema = CalculationInputSchema.extend({
  contact: SaveContactSchema,
  marketValueSource: MarketValueSourceSchema.optional(),
}).refine(
  (request) =>
    request.marketValueSource?.kind !== 'comps' ||
    request.marketValueSource.arvComps.estimate.arv === request.marketValue,
  { message: 'The market value is not the ARV from these comps', path: ['marketValueSource'] },
);

export type SavePropertyRequest = z.infer<typeof SavePropertyRequestSchema>;
