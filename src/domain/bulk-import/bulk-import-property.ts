import { z } from 'zod';
import { MarketValueSchema } from '../money/market-value-schema';

/** §5: an e-mail from a CSV row only has to contain '@'; the provider is the judge of the rest. */
export const bulkEmailMessage = 'Email must contain @';

const text = (max: number) => z.string().trim().max(max);

/** §3 bulk import property: names, address, market value (dollars), owner e-mail and the offer range (whole dollars). */
export const BulkImportPropertySchema = z.object({
  firstName: text(200),
  lastName: text(200),
  address: text(500).min(1, 'Address is required'),
  marketValue: MarketValueSchema,
  email: text(320).refine((email) => email.includes('@') && !/\s/.test(email), bulkEmailMessage),
  offerRange: z.object({ low: z.number().int().nonnegative(), high: z.number().int().nonnegative() }),
});

export type BulkImportProperty = z.infer<typeof BulkImportPropertySchema>;

/** The name to greet an owner by: 'Property Owner' for §5's fallback, the entity for an LLC/TRUST/INC owner. */
export function ownerDisplayName(property: Pick<BulkImportProperty, 'firstName' | 'lastName'>): string {
  if (property.firstName === 'Owner' && property.lastName) return property.lastName;
  const name = `${property.firstName} ${property.lastName}`.trim();
  return name || 'Property Owner';
}
