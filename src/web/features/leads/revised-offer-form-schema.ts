import { z } from 'zod';
import { RevisedOfferRequestSchema, type RevisedOfferRequestInput } from '#domain/leads/lead-inbox-requests.ts';

export const revisedOfferFormMessages = {
  marketValueRequired: 'Please enter the after-repair value',
  marketValueNotANumber: 'Market value must be a number',
  repairsNotANumber: 'Repairs must be a number',
} as const;

/** The repair line a changed total is sent as: the walkthrough's figure replaces the offer's lines. */
export const WALKTHROUGH_REPAIRS = 'Repairs found on the walkthrough';

/** Whole or decimal dollars as typed ('$125,000', '125000'): '$', commas and spaces are ignored; '' is undefined, anything else not a number is NaN. */
export function parseTypedDollars(text: string): number | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

const typedDollars = (missing: string | null, notANumber: string) =>
  z.string().transform((text, context) => {
    const amount = parseTypedDollars(text);
    if (amount === undefined && missing === null) return 0;
    if (amount === undefined || Number.isNaN(amount)) {
      context.addIssue({ code: 'custom', message: amount === undefined ? (missing ?? notANumber) : notANumber });
      return z.NEVER;
    }
    return amount;
  });

/** What the revised-offer form holds: its fields as typed. */
export type RevisedOfferFormValues = {
  marketValue: string;
  /** The repairs' total ('' is none). */
  repairs: string;
  templateName: string;
  message: string;
};

/**
 * The revised-offer form over the shared request schema: the deal's after-repair value and repair
 * total as typed (the server computes the range from them), the template, a message. A total still
 * equal to the deal's keeps the deal's repair lines; a changed one is sent as one walkthrough line.
 */
export function revisedOfferFormSchema(dealRepairs: readonly { name: string; cost: number }[]) {
  const dealTotal = dealRepairs.reduce((total, repair) => total + repair.cost, 0);
  return z
    .object({
      marketValue: typedDollars(
        revisedOfferFormMessages.marketValueRequired,
        revisedOfferFormMessages.marketValueNotANumber,
      ).pipe(RevisedOfferRequestSchema.shape.marketValue),
      repairs: typedDollars(null, revisedOfferFormMessages.repairsNotANumber).pipe(
        RevisedOfferRequestSchema.shape.repairs.element.shape.cost,
      ),
      templateName: z.string(),
      message: RevisedOfferRequestSchema.shape.message,
    })
    .transform(({ marketValue, repairs, templateName, message }): RevisedOfferRequestInput => ({
      marketValue,
      repairs:
        Math.abs(repairs - dealTotal) < 0.005
          ? dealRepairs.map(({ name, cost }) => ({ name, cost }))
          : repairs > 0
            ? [{ name: WALKTHROUGH_REPAIRS, cost: repairs }]
            : [],
      ...(templateName ? { templateName } : {}),
      message,
    }))
    .pipe(RevisedOfferRequestSchema);
}

/** The server names fields by the request's paths ('repairs.0.cost'); the form by its own. */
export function revisedOfferFormField(serverField: string | undefined): keyof RevisedOfferFormValues | null {
  if (serverField === undefined) return null;
  if (serverField.startsWith('repairs')) return 'repairs';
  if (serverField === 'marketValue' || serverField === 'message' || serverField === 'templateName') return serverField;
  return null;
}
