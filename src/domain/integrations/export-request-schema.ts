import { z } from 'zod';
import { CrmContactSchema, SheetsContactSchema } from '../contact/contact-schema';
import { CalculationInputSchema } from '../offer/offer-request-schema';

/**
 * What a deal export is about: the calculation on screen (the server recomputes its figures),
 * or one of the user's saved properties or leads by id (the server reads the row, scoped to the user).
 */
export const ExportSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('calculation'), calculation: CalculationInputSchema }),
  z.object({ kind: z.literal('saved'), savedPropertyId: z.uuid('Unknown property') }),
  // A lead of the user's inbox (issue 12): its address, market value and current offer.
  z.object({ kind: z.literal('lead'), leadId: z.uuid('Unknown lead') }),
]);
export type ExportSource = z.infer<typeof ExportSourceSchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the runtime knows ('America/Chicago'), for the sheet's date and time columns. */
export const TimeZoneSchema = z.string().max(64).refine(isTimeZone, 'Unknown time zone');

/** Export to GoHighLevel (§2 'Add Contact Information'): the deal and the contact (§5 CRM form). */
export const CrmExportRequestSchema = z.object({
  source: ExportSourceSchema,
  contact: CrmContactSchema,
});
export type CrmExportRequest = z.infer<typeof CrmExportRequestSchema>;

/** Export to Sheets: the deal, the contact with city, state and ZIP (§5), and the browser's time zone for the date columns. */
export const SheetsExportRequestSchema = z.object({
  source: ExportSourceSchema,
  contact: SheetsContactSchema,
  timeZone: TimeZoneSchema.optional(),
});
export type SheetsExportRequest = z.infer<typeof SheetsExportRequestSchema>;
