import { Hono } from 'hono';
import { z } from 'zod';
import { ExportSourceSchema } from '#domain/integrations/export-request-schema.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { dealSheetFor, offerLetterFor, pdfResponse } from './documents';

const DocumentRequestSchema = z.object({ source: ExportSourceSchema });

/**
 * /api/documents (signed in, issue 13): POST /offer-letter and /deal-sheet with { source } (the
 * calculation on screen, recomputed here, or a saved property or lead of the session's workspace)
 * → a PDF. Every member may: a document changes nothing and creates no offer link.
 * Rate limited per user (PER_USER_ACTION_RATE_LIMIT): 429 { code: 'rate-limited' }.
 */
export function documentsRoutes(context: AppContext) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(limitPerUser(context, 'documents'))
    .post('/offer-letter', validate('json', DocumentRequestSchema), async (c) =>
      pdfResponse(await offerLetterFor(context, c.var.member, c.req.valid('json').source)),
    )
    .post('/deal-sheet', validate('json', DocumentRequestSchema), async (c) =>
      pdfResponse(await dealSheetFor(context, c.var.member, c.req.valid('json').source)),
    );
}
