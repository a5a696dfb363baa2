import { z } from 'zod';
import { contactMessages } from '../contact/contact-schema';
import { PHONE_PATTERN } from '../contact/phone';
import { calculationMessages } from '../offer/calculation-messages';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';

/** §5 MLS form: the property's condition, best first. */
export const PROPERTY_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'] as const;
export type PropertyCondition = (typeof PROPERTY_CONDITIONS)[number];

/** §5 MLS form: when the homeowner wants to sell; the numbers are days. */
export const SALE_TIMEFRAMES = ['ASAP', '30', '60', '90', 'Flexible'] as const;
export type SaleTimeframe = (typeof SALE_TIMEFRAMES)[number];

/** How a timeframe reads on screen and in e-mails ('30' → '30 days'). */
export function timeframeLabel(timeframe: SaleTimeframe): string {
  return /^\d+$/.test(timeframe) ? `${timeframe} days` : timeframe;
}

export const mlsProgramMessages = {
  fullNameRequired: 'Full name is required',
  addressRequired: calculationMessages.addressRequired,
  conditionRequired: 'Please select the property condition',
  timeframeRequired: 'Please select a timeframe',
  notesTooLong: 'Notes must be at most 2000 characters',
} as const;

export const MAX_NOTES_LENGTH = 2000;

// abort: an empty field reports only "required", not also "invalid".
const requiredText = (message: string) => z.string().trim().min(1, { error: message, abort: true });

/**
 * §3/§5 'MLS/Retail Program Details' form: fullName, phone (###-###-####), email, address,
 * condition and timeframe required; notes optional. Selects send '' until chosen.
 */
export const MlsProgramSchema = z.object({
  fullName: requiredText(mlsProgramMessages.fullNameRequired)
    .max(100, 'Full name must be at most 100 characters')
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine(hasNoInvisibleCharacters, invisibleCharactersMessage),
  phone: requiredText(contactMessages.phoneRequired).regex(PHONE_PATTERN, contactMessages.phoneInvalid),
  email: requiredText(contactMessages.emailRequired)
    .max(254, 'Email must be at most 254 characters')
    .regex(z.regexes.email, contactMessages.emailInvalid),
  address: requiredText(mlsProgramMessages.addressRequired)
    .max(300, 'Address must be at most 300 characters')
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine(hasNoInvisibleCharacters, invisibleCharactersMessage),
  condition: z.enum(PROPERTY_CONDITIONS, { error: mlsProgramMessages.conditionRequired }),
  timeframe: z.enum(SALE_TIMEFRAMES, { error: mlsProgramMessages.timeframeRequired }),
  notes: z.string().trim().max(MAX_NOTES_LENGTH, mlsProgramMessages.notesTooLong).default(''),
});

export type MlsProgram = z.infer<typeof MlsProgramSchema>;
/** The form's values as typed, before validation: selects may still be ''. */
export type MlsProgramInput = z.input<typeof MlsProgramSchema>;
