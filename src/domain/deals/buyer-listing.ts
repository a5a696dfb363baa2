import { z } from 'zod';
import { HomeownerContactSchema, contactMessages } from '../contact/contact-schema';
import { PHONE_PATTERN } from '../contact/phone';
import { dealAmount } from '../leads/deal-terms';
import { marketValueMessages, parseMarketValue } from '../money/parse-market-value';
import { boundedText } from '../validation/bounded-text';

/** How long a buyer's deal link opens the deal page: 30 days from when it was made. */
export const DEAL_LINK_VALID_DAYS = 30;

/** How many hours before the other buyers a proven buyer (a past closing with the workspace) hears of a deal. */
export const FIRST_LOOK_HOURS = 24;

/** The most buyers one "Send deal" reaches. */
export const MAX_BUYERS_PER_SEND = 50;

/** What buyers and members read, word for word on the server and the web. */
export const dealPageMessages = {
  notFound: 'Deal not found',
  expired: 'This deal link has expired. Ask the wholesaler who sent it for a new one.',
  leadNotFound: 'Lead not found',
  notUnderContract: 'A deal is sent to buyers once its lead is under contract.',
  buyerNotFound: 'Buyer not found',
} as const;

/** Why a chosen buyer was not sent the deal, as the member reads it. */
export const sendDealRefusals = {
  'no-email': 'has no e-mail address',
  'opted-out': 'opted out of deals',
  'already-sent': 'was already sent this deal',
} as const;
export type SendDealRefusalReason = keyof typeof sendDealRefusals | 'sending-policy';

/** Reads a typed amount ('150000', '$150,000.50') in dollars rounded to cents, or the message for `label`. */
function readTypedAmount(label: string, typed: string): { ok: true; value: number } | { ok: false; message: string } {
  const parsed = parseMarketValue(typed);
  if (parsed.ok) return parsed;
  if (typed.trim() === '') return { ok: false, message: `Please enter ${label.toLowerCase()}` };
  if (parsed.message === marketValueMessages.tooLarge) {
    return { ok: false, message: `${label} must be at most $10,000,000,000` };
  }
  return { ok: false, message: `${label} must be a positive number` };
}

/** A required amount as typed, in dollars. */
function typedAmount(label: string) {
  return z.string().transform((typed, context) => {
    const read = readTypedAmount(label, typed);
    if (read.ok) return read.value;
    context.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  });
}

/** An amount as typed, in dollars; empty is null (not set). */
function optionalTypedAmount(label: string) {
  return z.string().transform((typed, context) => {
    if (typed.trim() === '') return null;
    const read = readTypedAmount(label, typed);
    if (read.ok) return read.value;
    context.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  });
}

/**
 * What buyers are shown of a deal under contract, beside its photos, ARV and repairs (issue 39 §4):
 * the asking price, access and showing notes, and the earnest money asked. Dollars; null: not set.
 * Never the contract price: that is the seller's.
 */
export const BuyerListingSchema = z.object({
  askingPrice: dealAmount('Asking price').nullable().default(null),
  accessNotes: boundedText('Access and showing notes', 2000).default(''),
  buyerEarnestMoney: dealAmount('Earnest money asked').nullable().default(null),
});
export type BuyerListing = z.infer<typeof BuyerListingSchema>;
export type BuyerListingInput = z.input<typeof BuyerListingSchema>;

/** The "Buyer listing" form: the same fields as typed ('$150,000'; empty: not set). */
export const BuyerListingFormSchema = z.object({
  askingPrice: optionalTypedAmount('Asking price'),
  accessNotes: boundedText('Access and showing notes', 2000),
  buyerEarnestMoney: optionalTypedAmount('Earnest money asked'),
});

/** "Send deal": the buyers a member ticked for a lead under contract. */
export const SendDealRequestSchema = z.object({
  leadId: z.uuid(dealPageMessages.leadNotFound),
  buyerIds: z
    .array(z.uuid(dealPageMessages.buyerNotFound))
    .min(1, 'Choose at least one buyer')
    .max(MAX_BUYERS_PER_SEND, `Send to at most ${MAX_BUYERS_PER_SEND} buyers at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type SendDealRequest = z.infer<typeof SendDealRequestSchema>;

/**
 * A buyer's answer from the deal page (its fields as the form sends them, text): the offer, the
 * funds their proof shows (optional), who they are (name and e-mail required, phone optional) and a message.
 * The proof-of-funds file travels beside these fields and is checked by its content on the server.
 */
export const BuyerOfferFormSchema = z.object({
  amount: typedAmount('Your offer'),
  proofOfFundsAmount: optionalTypedAmount('Funds shown'),
  name: HomeownerContactSchema.shape.name,
  email: HomeownerContactSchema.shape.email,
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || PHONE_PATTERN.test(value), contactMessages.phoneInvalid),
  message: boundedText('Message', 2000).default(''),
});
export type BuyerOfferForm = z.output<typeof BuyerOfferFormSchema>;
export type BuyerOfferFormInput = z.input<typeof BuyerOfferFormSchema>;
