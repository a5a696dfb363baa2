import { z } from 'zod';
import { bulkImportMessages, MAX_BULK_SEND_PROPERTIES } from '../bulk-import/bulk-import-messages';
import { BulkImportPropertySchema, RecipientEmailSchema } from '../bulk-import/bulk-import-property';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { FormulaTemplateSchema } from '../offer/formula-template';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';

export const mailMessages = {
  stateInvalid: 'State must be two letters, like TX',
  zipInvalid: 'ZIP must be 5 or 9 digits',
  noMailingAddress: 'No mailing address: give the property its city, state and ZIP, or the owner a mailing address',
  nothingToMail: 'Every selected owner is on the do-not-mail list or has no mailing address',
} as const;

/** A line of an address, as plain words (it is printed on a letter a stranger receives). */
const line = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine((value) => hasNoInvisibleCharacters(value), invisibleCharactersMessage)
    .refine((value) => !carriesLinkOrMarkup(value), sendingPolicyMessages.linkOrMarkup(label));

/** Two letters, upper-cased ('tx' → 'TX'). */
export const StateSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, mailMessages.stateInvalid));

/** 5 or 9 digits, as '78701' or '78701-1234' ('787011234' too). */
export const ZipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}(-?\d{4})?$/, mailMessages.zipInvalid)
  .transform((zip) => (zip.length === 9 ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip));

export const MailingAddressSchema = z.object({
  street: line('Mailing address').min(1, 'Mailing address is required'),
  city: line('Mailing city', 100).min(1, 'Mailing city is required'),
  state: StateSchema,
  zip: ZipSchema,
});
export type MailingAddress = z.infer<typeof MailingAddressSchema>;

/**
 * A row of a mail send: the bulk import's property (issue 41's agreed shape: the e-mail optional,
 * the property's city, state and ZIP, the owner's mailing address when it is not the property's,
 * phones, repairs in whole dollars).
 */
export const MailRowSchema = BulkImportPropertySchema.omit({ offerRange: true, email: true }).extend({
  email: RecipientEmailSchema.optional(),
  city: line('City', 100).optional(),
  state: StateSchema.optional(),
  zip: ZipSchema.optional(),
  mailingAddress: MailingAddressSchema.optional(),
  phones: z.array(z.string().trim().max(40)).max(5).optional(),
  repairs: z.number().int().nonnegative().max(1e10).optional(),
});
export type MailRow = z.infer<typeof MailRowSchema>;

export const MAIL_FORMATS = ['letter', 'postcard'] as const;
export type MailFormat = (typeof MAIL_FORMATS)[number];

/**
 * Where a piece is: printed by the member, or on its way through Lob (issue 41): preparing (stored
 * with its plan, its address not verified yet, no links), undeliverable (Lob's verification said
 * so: never mailed), verified (links live, awaiting the member's confirmation), queued…
 */
export const MAIL_PIECE_STATUSES = [
  'printed-by-you',
  'preparing',
  'undeliverable',
  'verified',
  'queued',
  'mailed',
  'in-transit',
  'delivered',
  'returned',
  'failed',
] as const;
export type MailPieceStatus = (typeof MAIL_PIECE_STATUSES)[number];

/**
 * POST /api/mail/print-runs ("Print them yourself"): the selected rows, the template their offers
 * come from (recomputed by the server) and the piece: a letter or a postcard.
 */
export const MailSendRequestSchema = z.object({
  template: FormulaTemplateSchema,
  properties: z
    .array(MailRowSchema)
    .min(1, bulkImportMessages.selectAtLeastOne)
    .max(MAX_BULK_SEND_PROPERTIES, bulkImportMessages.tooManyToSend),
  format: z.enum(MAIL_FORMATS).default('letter'),
});
export type MailSendRequest = z.infer<typeof MailSendRequestSchema>;
export type MailSendRequestInput = z.input<typeof MailSendRequestSchema>;

/**
 * Where the owner gets mail: their mailing address, else the property's own when the row has its
 * city, state and ZIP; null: the row cannot be mailed.
 */
export function mailingAddressOf(row: MailRow): MailingAddress | null {
  if (row.mailingAddress) return row.mailingAddress;
  if (!row.city || !row.state || !row.zip) return null;
  return { street: row.address.split('\n')[0]!.trim(), city: row.city, state: row.state, zip: row.zip };
}

/** The property's address on one line, with its city, state and ZIP when the row has them. */
export function propertyAddressOf(row: Pick<MailRow, 'address' | 'city' | 'state' | 'zip'>): string {
  const street = row.address.replace(/\s*\n\s*/g, ', ');
  const place = [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return place && !street.toUpperCase().includes(place.toUpperCase()) ? `${street}, ${place}` : street;
}
