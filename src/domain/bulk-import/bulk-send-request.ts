import { z } from 'zod';
import { FormulaTemplateSchema } from '../offer/formula-template';
import { bulkImportMessages, MAX_BULK_SEND_PROPERTIES } from './bulk-import-messages';
import { BulkImportPropertySchema } from './bulk-import-property';

/**
 * POST /api/bulk-send: the selected properties and the template their offers come from. The
 * server recomputes every offer from the template (the browser's figures are not trusted).
 */
export const BulkSendRequestSchema = z.object({
  template: FormulaTemplateSchema,
  properties: z
    .array(BulkImportPropertySchema.omit({ offerRange: true }))
    .min(1, bulkImportMessages.selectAtLeastOne)
    .max(MAX_BULK_SEND_PROPERTIES, bulkImportMessages.tooManyToSend),
  /** Follow each owner up with the built-in sequence until they answer (issue 27). */
  followUp: z.boolean().default(false),
});

export type BulkSendRequest = z.infer<typeof BulkSendRequestSchema>;
export type BulkSendRequestInput = z.input<typeof BulkSendRequestSchema>;
