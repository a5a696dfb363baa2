import { Hono } from 'hono';
import { z } from 'zod';
import { AssignmentClauseSchema, assignmentMessages } from '#domain/documents/assignment-of-contract.ts';
import { ExportSourceSchema } from '#domain/integrations/export-request-schema.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { assignmentFor, readAssignmentClause, writeAssignmentClause } from './assignment-document';
import { dealSheetFor, offerLetterFor, pdfResponse } from './documents';

const DocumentRequestSchema = z.object({ source: ExportSourceSchema });
const AssignmentRequestSchema = z.strictObject({ leadId: z.uuid(assignmentMessages.leadNotFound) });

/**
 * /api/documents (signed in, issue 13): POST /offer-letter and /deal-sheet with { source } (the
 * calculation on screen, recomputed here, or a saved property or lead of the session's workspace)
 * → a PDF. Every member may: a document changes nothing and creates no offer link.
 * POST /assignment { leadId } → the assignment of contract of a lead under contract to its primary
 * buyer (issue 39 §8; 409 'assignment-not-ready' saying what is missing); GET and PUT
 * /assignment-clause { text } → { text, defaultText }: the workspace's own wording of its terms.
 * The assignment's routes are for members who work buyers (Owner, Manager, Dispositions).
 * Rate limited per user (PER_USER_ACTION_RATE_LIMIT): 429 { code: 'rate-limited' }.
 */
export function documentsRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(limitPerUser(context, 'documents'))
    .post('/offer-letter', validate('json', DocumentRequestSchema), async (c) =>
      pdfResponse(await offerLetterFor(context, c.var.member, c.req.valid('json').source)),
    )
    .post('/deal-sheet', validate('json', DocumentRequestSchema), async (c) =>
      pdfResponse(await dealSheetFor(context, c.var.member, c.req.valid('json').source)),
    )
    .post('/assignment', requireRole('work-buyers'), validate('json', AssignmentRequestSchema), async (c) =>
      pdfResponse(await assignmentFor(db, c.var.member, c.req.valid('json').leadId)),
    )
    .get('/assignment-clause', requireRole('work-buyers'), async (c) =>
      c.json(await readAssignmentClause(db, c.var.member.workspaceId)),
    )
    .put('/assignment-clause', requireRole('work-buyers'), validate('json', AssignmentClauseSchema), async (c) =>
      c.json(await writeAssignmentClause(db, c.var.member.workspaceId, c.req.valid('json'))),
    );
}
