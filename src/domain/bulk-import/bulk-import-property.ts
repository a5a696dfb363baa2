import { z } from 'zod';
import { parseEmailAddress } from '../email/parse-email-address';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { MarketValueSchema } from '../money/market-value-schema';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';

/**
 * §5 asks only for an '@'; a bulk offer goes to one real address, stored and compared in one
 * form (parseEmailAddress), so `X<victim@example.org>` cannot slip past an unsubscribe.
 */
export const bulkEmailMessage = 'Email must be one valid address, like name@example.com';

/** A homeowner's address an offer goes to: trimmed, lower-cased, a display-name form reduced to its address. */
export const RecipientEmailSchema = z
  .string()
  .max(320, bulkEmailMessage)
  .transform((email, ctx) => {
    const address = parseEmailAddress(email);
    if (address === null) ctx.addIssue({ code: 'custom', message: bulkEmailMessage });
    return address ?? email;
  });

// Names are one line of visible text; an address may keep the line breaks of a CSV cell. Both go
// into the offer e-mail (the address is its subject): plain words only, as the CSV review says.
const text = (label: string, max: number, { multiLine = false } = {}) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine((value) => hasNoInvisibleCharacters(value, { multiLine }), invisibleCharactersMessage)
    .refine((value) => !carriesLinkOrMarkup(value), sendingPolicyMessages.linkOrMarkup(label));

/** §3 bulk import property: names, address, market value (dollars), owner e-mail and the offer range (whole dollars). */
export const BulkImportPropertySchema = z.object({
  firstName: text('First name', 200),
  lastName: text('Last name', 200),
  address: text('Address', 500, { multiLine: true }).min(1, 'Address is required'),
  marketValue: MarketValueSchema,
  email: RecipientEmailSchema,
  offerRange: z.object({ low: z.number().int().nonnegative(), high: z.number().int().nonnegative() }),
});

export type BulkImportProperty = z.infer<typeof BulkImportPropertySchema>;

/** The name to greet an owner by: 'Property Owner' for §5's fallback, the entity for an LLC/TRUST/INC owner. */
export function ownerDisplayName(property: Pick<BulkImportProperty, 'firstName' | 'lastName'>): string {
  if (property.firstName === 'Owner' && property.lastName) return property.lastName;
  const name = `${property.firstName} ${property.lastName}`.trim();
  return name || 'Property Owner';
}
