import type { z } from 'zod';
import { SaveContactSchema } from '../contact/contact-schema';
import { CalculationInputSchema } from '../offer/offer-request-schema';

/** What the Save Property form sends: the calculation as entered plus the contact (§4 Save). */
export const SavePropertyRequestSchema = CalculationInputSchema.extend({
  contact: SaveContactSchema,
});

export type SavePropertyRequest = z.infer<typeof SavePropertyRequestSchema>;
