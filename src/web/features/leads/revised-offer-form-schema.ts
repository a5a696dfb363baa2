import { z } from 'zod';
import {
  OfferAmountSchema,
  offerRangeMessages,
  RevisedOfferRequestSchema,
  type RevisedOfferRequestInput,
} from '#domain/leads/lead-inbox-requests.ts';

export const revisedOfferFormMessages = {
  lowRequired: 'Please enter the low offer',
  highRequired: 'Please enter the high offer',
  marketValueNotANumber: 'Market value must be a number',
} as const;

/** Whole or decimal dollars as typed ('$125,000', '125000'): '$', commas and spaces are ignored; '' is undefined, anything else not a number is NaN. */
export function parseTypedDollars(text: string): number | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

const typedAmount = (missing: string) =>
  z
    .string()
    .transform((text, context) => {
      const amount = parseTypedDollars(text);
      if (amount === undefined) {
        context.addIssue({ code: 'custom', message: missing });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(OfferAmountSchema);

const typedMarketValue = z
  .string()
  .transform((text, context) => {
    const amount = parseTypedDollars(text);
    if (amount !== undefined && Number.isNaN(amount)) {
      context.addIssue({ code: 'custom', message: revisedOfferFormMessages.marketValueNotANumber });
      return z.NEVER;
    }
    return amount;
  })
  .pipe(RevisedOfferRequestSchema.shape.marketValue);

/** What the revised-offer form holds: its fields as typed. */
export type RevisedOfferFormValues = {
  low: string;
  high: string;
  /** Only asked for when the lead has no market value; '' otherwise. */
  marketValue: string;
  message: string;
};

/**
 * The revised-offer form over the shared request schema: the same amount rules and messages
 * per field (low, high, marketValue, message), then the request the server validates again.
 */
export const RevisedOfferFormSchema = z
  .object({
    low: typedAmount(revisedOfferFormMessages.lowRequired),
    high: typedAmount(revisedOfferFormMessages.highRequired),
    marketValue: typedMarketValue,
    message: RevisedOfferRequestSchema.shape.message,
  })
  .refine(({ low, high }) => low <= high, { message: offerRangeMessages.lowAboveHigh, path: ['low'] })
  .transform(({ low, high, marketValue, message }): RevisedOfferRequestInput => ({
    offerRange: { low, high },
    ...(marketValue === undefined ? {} : { marketValue }),
    message,
  }))
  .pipe(RevisedOfferRequestSchema);

/** The server names fields by the request's paths ('offerRange.high'); the form by its own. */
export function revisedOfferFormField(serverField: string | undefined): keyof RevisedOfferFormValues | null {
  if (serverField === 'offerRange.low') return 'low';
  if (serverField === 'offerRange.high') return 'high';
  if (serverField === 'marketValue' || serverField === 'message') return serverField;
  return null;
}
