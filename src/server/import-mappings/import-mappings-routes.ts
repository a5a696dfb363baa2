import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  importColumnMappingMessages,
  SaveImportColumnMappingsSchema,
} from '#domain/bulk-import/import-column-mappings.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { listImportColumnMappings, saveImportColumnMappings } from './import-column-mappings';

// A mapping of every list field, with room to spare.
const MAX_BODY_BYTES = 16 * 1024;

/**
 * /api/import-mappings: the list columns the workspace mapped in the bulk import's mapping step
 * (issue 41), applied to the next list. GET reads them, PUT remembers more; both for members who
 * may bulk send (403 not-allowed) of a Pro workspace (403 pro-only), always the session's workspace.
 */
export function importMappingsRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(requireRole('bulk-send-and-export'))
    .get('/', async (c) => c.json({ mappings: await listImportColumnMappings(db, c.var.member.workspaceId) }))
    .put(
      '/',
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => c.json({ error: importColumnMappingMessages.tooMany }, 413),
      }),
      validate('json', SaveImportColumnMappingsSchema),
      async (c) =>
        c.json({
          mappings: await saveImportColumnMappings(db, c.var.member.workspaceId, c.req.valid('json').mappings),
        }),
    );
}
