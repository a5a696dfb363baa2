import { z } from 'zod';
import { FormulaTemplateSchema } from '../offer/formula-template';
import { bulkImportMessages, MAX_BULK_SEND_PROPERTIES } from './bulk-import-messages';
import { BulkImportPropertySchema, RecipientEmailSchema } from './bulk-import-property';

/**
 * POST /api/bulk-send: the selected properties and the template their offers come from. The
 * server recomputes every offer from the template and each row's repairs (bulkOfferRange; the
 * browser's figures are not trusted). An e-mail send takes only owners with an e-mail (§5).
 */
export const BulkSendRequestSchema = z.object({
  template: FormulaTemplateSchema,
  properties: z
    .array(BulkImportPropertySchema.omit({ offerRange: true }).extend({ email: RecipientEmailSchema }))
    .min(1, bulkImportMessages.selectAtLeastOne)
    .max(MAX_BULK_SEND_PROPERTIES, bulkImportMessages.tooManyToSend),
  /** Follow each owner up with the built-in sequence until they answer (issue 27). */
  followUp: z.boolean().default(false),
});

export type BulkSendRequest = z.infer<typeof BulkSendRequestSchema>;
export type BulkSendRequestInput = z.input<typeof BulkSendRequestSchema>;
