import { z } from 'zod';
import { PHONE_PATTERN } from '../contact/phone';
import { sendingPolicyMessages } from '../email/sending-policy-messages';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { boundedText } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';

export const profileMessages = {
  handleLength: 'Handle must be 3 to 30 characters',
  handleCharacters: 'Handle may use only lowercase letters, digits and hyphens, and cannot start or end with a hyphen',
  handleReserved: 'This handle is reserved; please choose another',
  handleTaken: 'This handle is already taken',
  displayNameRequired: 'Display name is required',
  phoneInvalid: 'Please enter a valid phone number (XXX-XXX-XXXX)',
  emailInvalid: 'Please enter a valid email address',
  postalAddressRequired: 'A postal address is required before sending offers by e-mail',
} as const;

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;

/** Lowercase letters, digits and single inner hyphens: safe in a URL path as it is (`/c/{handle}`). */
const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Handles that would look like one of the app's own pages or a staff account, so a personal page
 * `/c/{handle}` cannot impersonate the app: every top-level route, the API, and common staff words.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'login',
  'logout',
  'register',
  'signup',
  'sign-up',
  'signin',
  'sign-in',
  'saved',
  'leads',
  'wholesalers',
  'wholesaler',
  'test',
  'connections',
  'offer',
  'offers',
  'c',
  'api',
  'admin',
  'administrator',
  'root',
  'staff',
  'support',
  'help',
  'billing',
  'pricing',
  'settings',
  'profile',
  'account',
  'unsubscribe',
  'reset-password',
  'forgot-password',
  'health',
  'config',
  'events',
  'static',
  'assets',
  'www',
  'mail',
  'email',
  'official',
  'security',
  'cash-offer-calculator',
  'calculator',
]);

/** The form of a handle that uniqueness and look-ups compare: trimmed and lower-cased. */
export function normalizeHandle(handle: string): string {
  return handle.trim().toLowerCase();
}

/** True when a (normalised) handle names an app route or a staff word and may not be chosen. */
export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.has(normalizeHandle(handle));
}

/**
 * A personal-page handle: 3–30 characters, lowercase letters, digits and hyphens (input is
 * lower-cased first, so 'Ann-Lee' becomes 'ann-lee'), never a reserved word.
 */
export const HandleSchema = z
  .string()
  .max(200, profileMessages.handleLength)
  .transform(normalizeHandle)
  .pipe(
    z
      .string()
      .min(HANDLE_MIN_LENGTH, { error: profileMessages.handleLength, abort: true })
      .max(HANDLE_MAX_LENGTH, { error: profileMessages.handleLength, abort: true })
      .regex(HANDLE_PATTERN, { error: profileMessages.handleCharacters, abort: true })
      .refine((handle) => !isReservedHandle(handle), profileMessages.handleReserved),
  );

const optionalPhone = z
  .string()
  .trim()
  .max(20, profileMessages.phoneInvalid)
  .refine((value) => value === '' || PHONE_PATTERN.test(value), profileMessages.phoneInvalid);

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .refine((value) => value === '' || z.regexes.email.test(value), profileMessages.emailInvalid)
  .transform((value) => value.toLowerCase());

// The display name, company and postal address sign every e-mail a wholesaler sends to a
// homeowner (the compliance footer): plain words only, as in any field typed into an e-mail.
const isPlainText = (text: string) => !carriesLinkOrMarkup(text);

/**
 * The wholesaler profile form (PUT /api/profile), shared by the web form: the personal page's
 * handle (null: no personal page yet), how homeowners see the wholesaler, where lead e-mails go
 * (replyToEmail, '' = the account's e-mail) and whether they go at all. Empty strings mean "not given".
 */
export const WholesalerProfileSchema = z.object({
  handle: HandleSchema.nullable(),
  displayName: boundedText('Display name', 100)
    .refine(hasNoInvisibleCharacters, invisibleCharactersMessage)
    .refine(isPlainText, sendingPolicyMessages.linkOrMarkup('Display name'))
    .pipe(z.string().min(1, profileMessages.displayNameRequired)),
  company: boundedText('Company', 100)
    .refine(hasNoInvisibleCharacters, invisibleCharactersMessage)
    .refine(isPlainText, sendingPolicyMessages.linkOrMarkup('Company')),
  phone: optionalPhone,
  replyToEmail: optionalEmail,
  // Required before bulk sending (anti-spam law asks for a postal address in commercial e-mail).
  postalAddress: boundedText('Postal address', 300)
    .refine((address) => hasNoInvisibleCharacters(address, { multiLine: true }), invisibleCharactersMessage)
    .refine(isPlainText, sendingPolicyMessages.linkOrMarkup('Postal address')),
  notifyOnLeads: z.boolean(),
  // Absent from forms written before it: off.
  notifyOnAssignments: z.boolean().default(false),
});

export type WholesalerProfile = z.infer<typeof WholesalerProfileSchema>;
/** What the form may send (before trimming and lower-casing). */
export type WholesalerProfileInput = z.input<typeof WholesalerProfileSchema>;

/** What homeowners see of a wholesaler on an offer link or personal page. */
export interface WholesalerBranding {
  displayName: string;
  company: string;
  phone: string;
}

/** The name homeowners are told their answer went to: the profile's display name, else the account's name. */
export function wholesalerDisplayName(profile: { displayName: string } | null, accountName: string): string {
  const name = profile?.displayName.trim() || accountName.trim();
  return name === '' ? 'the wholesaler' : name;
}

/** True when bulk offers may be sent: the profile has a postal address to put in every e-mail. */
export function hasPostalAddress(profile: { postalAddress: string } | null): boolean {
  return (profile?.postalAddress.trim() ?? '') !== '';
}
