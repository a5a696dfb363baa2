import { z } from 'zod';
import { MAX_PHONES } from '../contact/contact-schema';
import { parseEmailAddress } from '../email/parse-email-address';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { MarketValueSchema } from '../money/market-value-schema';
import { MAX_REPAIR_COST } from '../repairs/repair-catalog';
import { SQUARE_FEET_BOUNDS } from '../repairs/repair-estimate';
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

export const bulkImportFieldMessages = {
  state: 'State must be two letters, like TX',
  zip: 'ZIP code must be 5 digits, or 5+4 like 78701-1234',
  phones: `At most ${MAX_PHONES} phone numbers, each 10 digits (or 11 starting with 1)`,
  repairs: 'Repairs must be whole dollars, 0 or more',
} as const;

const StateSchema = z.string().regex(/^[A-Z]{2}$/, bulkImportFieldMessages.state);
const ZipSchema = z.string().regex(/^\d{5}(-\d{4})?$/, bulkImportFieldMessages.zip);

/**
 * The owner's mailing address as the list gives it (issue 41). Its city, state or ZIP is '' when
 * the list left it out: such an address is not deliverable (listRowChannels says so).
 */
export const MailingAddressSchema = z.object({
  street: text('Mailing address', 500, { multiLine: true }).min(1, 'Mailing address is required'),
  city: text('Mailing city', 200),
  state: StateSchema.or(z.literal('')),
  zip: ZipSchema.or(z.literal('')),
});

export type MailingAddress = z.infer<typeof MailingAddressSchema>;

/**
 * §3 bulk import property: names, address, market value (dollars), owner e-mail and the offer
 * range (whole dollars); and what an owner list adds (issue 41): the property's city, state and
 * ZIP, the owner's mailing address (absent: the property's own), phones (digits), repairs (whole
 * dollars, taken off through the template's repair multiplier) and square feet. The e-mail is
 * absent for an owner reached by mail or a call only; an e-mail send requires it (BulkSendRequestSchema).
 */
export const BulkImportPropertySchema = z.object({
  firstName: text('First name', 200),
  lastName: text('Last name', 200),
  address: text('Address', 500, { multiLine: true }).min(1, 'Address is required'),
  city: text('City', 200).optional(),
  state: StateSchema.optional(),
  zip: ZipSchema.optional(),
  marketValue: MarketValueSchema,
  email: RecipientEmailSchema.optional(),
  mailingAddress: MailingAddressSchema.optional(),
  phones: z
    .array(z.string().regex(/^(\d{10}|1\d{10})$/, bulkImportFieldMessages.phones))
    .max(MAX_PHONES, bulkImportFieldMessages.phones)
    .optional(),
  repairs: z
    .number()
    .int(bulkImportFieldMessages.repairs)
    .min(0, bulkImportFieldMessages.repairs)
    .max(MAX_REPAIR_COST, bulkImportFieldMessages.repairs)
    .optional(),
  squareFeet: z.number().int().positive().max(SQUARE_FEET_BOUNDS.max).optional(),
  offerRange: z.object({ low: z.number().int().nonnegative(), high: z.number().int().nonnegative() }),
});

export type BulkImportProperty = z.infer<typeof BulkImportPropertySchema>;

/**
 * The property's address with its city, state and ZIP when the list gave them and the address
 * does not already hold them ('2219 E 34th St, Austin, TX 78722'): an offer's subject and heading.
 */
export function fullPropertyAddress(property: Pick<BulkImportProperty, 'address' | 'city' | 'state' | 'zip'>): string {
  const { address, city, state, zip } = property;
  const lower = address.toLowerCase();
  const parts = [address];
  if (city && !lower.includes(city.toLowerCase())) parts.push(city);
  const stateZip = [
    state && !new RegExp(`\\b${state}\\b`, 'i').test(address) ? state : '',
    zip && !address.includes(zip) ? zip : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (stateZip) parts.push(stateZip);
  return parts.join(', ');
}

/** The name to greet an owner by: 'Property Owner' for §5's fallback, the entity for an LLC/TRUST/INC owner. */
export function ownerDisplayName(property: Pick<BulkImportProperty, 'firstName' | 'lastName'>): string {
  if (property.firstName === 'Owner' && property.lastName) return property.lastName;
  const name = `${property.firstName} ${property.lastName}`.trim();
  return name || 'Property Owner';
}
