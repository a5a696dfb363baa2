import { Hono } from 'hono';
import { z } from 'zod';
import { ExportSourceSchema } from '../../domain/integrations/export-request-schema';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { dealSheetFor, offerLetterFor, pdfResponse } from './documents';

const DocumentRequestSchema = z.object({ source: ExportSourceSchema });

/**
 * /api/documents (signed in, issue 13): POST /offer-letter and /deal-sheet with { source } (the
 * calculation on screen, recomputed here, or the user's own saved property or lead) → a PDF.
 */
export function documentsRoutes(context: AppContext) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .post('/offer-letter', validate('json', DocumentRequestSchema), async (c) =>
      pdfResponse(await offerLetterFor(context, c.var.user.id, c.req.valid('json').source)),
    )
    .post('/deal-sheet', validate('json', DocumentRequestSchema), async (c) =>
      pdfResponse(await dealSheetFor(context, c.var.user.id, c.req.valid('json').source)),
    );
}
