import { z } from 'zod';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';
import { PHONE_PATTERN } from './phone';

/** §5 form messages, verbatim. The short wordings are the CRM/sheets forms'. */
export const contactMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailInvalidShort: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number (XXX-XXX-XXXX)',
  phoneInvalidShort: 'Invalid phone format (XXX-XXX-XXXX)',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  stateInvalid: 'Invalid state format (e.g., TX)',
  zipRequired: 'ZIP code is required',
  zipInvalid: 'Invalid ZIP code format',
} as const;

/** Not in the spec: a homeowner's name goes into the wholesaler's e-mails to them (revised offers, follow-ups). */
export const nameLinkOrMarkupMessage = 'Name cannot contain links, e-mail addresses or HTML';

/** §3/§9: a wholesaler may give up to 5 phone numbers. */
export const MAX_PHONES = 5;

const EMAIL_PATTERN = z.regexes.email;
const STATE_PATTERN = /^[A-Z]{2}$/;
const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

// abort: an empty field reports only "required", not also "invalid".
const requiredText = (required: string) => z.string().trim().min(1, { error: required, abort: true });

const name = requiredText(contactMessages.nameRequired)
  .max(100, 'Name must be at most 100 characters')
  .refine(hasNoNulCharacter, textMessages.nulCharacter)
  .refine(hasNoInvisibleCharacters, invisibleCharactersMessage);
const email = (invalid: string) =>
  requiredText(contactMessages.emailRequired)
    .max(254, 'Email must be at most 254 characters')
    .regex(EMAIL_PATTERN, invalid);
const phone = (invalid: string) => requiredText(contactMessages.phoneRequired).regex(PHONE_PATTERN, invalid);

/** Wholesaler save form (§5): name required; email optional ('' allowed) but valid if given; phones[0] required, phones 2–5 optional; errors at ['phones', i]. */
export const SaveContactSchema = z.object({
  name,
  email: z
    .string()
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), contactMessages.emailInvalid),
  phones: z
    .array(z.string().trim())
    .max(MAX_PHONES, `At most ${MAX_PHONES} phone numbers`)
    .superRefine((phones, ctx) => {
      // §5: the first phone is required; phones 2 to 5 are optional but must be well-formed when filled.
      if (phones.length === 0 || phones[0] === '') {
        ctx.addIssue({ code: 'custom', message: contactMessages.phoneRequired, path: [0] });
      }
      phones.forEach((value, index) => {
        if (value !== '' && !PHONE_PATTERN.test(value)) {
          ctx.addIssue({ code: 'custom', message: contactMessages.phoneInvalid, path: [index] });
        }
      });
    }),
});
export type SaveContact = z.infer<typeof SaveContactSchema>;

/**
 * Homeowner accept form (§5): name, email and one phone, all required, long wordings. The name is
 * plain words: the wholesaler's e-mails to the homeowner carry it, and the sending policy refuses
 * any that would carry a link (issue 25), which the wholesaler could not mend.
 */
export const HomeownerContactSchema = z.object({
  name: name.refine((value) => !carriesLinkOrMarkup(value), nameLinkOrMarkupMessage),
  email: email(contactMessages.emailInvalid),
  phone: phone(contactMessages.phoneInvalid),
});
export type HomeownerContact = z.infer<typeof HomeownerContactSchema>;

/** CRM export form (§5): name, email and phone, all required, short wordings. */
export const CrmContactSchema = z.object({
  name,
  email: email(contactMessages.emailInvalidShort),
  phone: phone(contactMessages.phoneInvalidShort),
});
export type CrmContact = z.infer<typeof CrmContactSchema>;

/** Sheets export form (§5): the CRM form plus city, state (upper-cased, 2 letters) and ZIP (5 or 5+4 digits). */
export const SheetsContactSchema = CrmContactSchema.extend({
  city: requiredText(contactMessages.cityRequired)
    .max(100, 'City must be at most 100 characters')
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine(hasNoInvisibleCharacters, invisibleCharactersMessage),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, { error: contactMessages.stateRequired, abort: true })
    .regex(STATE_PATTERN, contactMessages.stateInvalid),
  zipCode: requiredText(contactMessages.zipRequired).regex(ZIP_PATTERN, contactMessages.zipInvalid),
});
export type SheetsContact = z.infer<typeof SheetsContactSchema>;

/** §5: splits a full name at its first space ('Mary Ann Lee' → 'Mary' / 'Ann Lee'); one word gives an empty lastName. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** §3 contact_phone: the non-empty (trimmed) phones joined by ', ' — a comma plus space, readable and still comma-separated. */
export function joinPhones(phones: readonly string[]): string {
  return phones
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .join(', ');
}
