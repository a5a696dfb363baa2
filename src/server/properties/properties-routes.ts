import { Hono } from 'hono';
import { z } from 'zod';
import { canExportSavedList } from '#domain/plans/plans.ts';
import { SavePropertyRequestSchema } from '#domain/properties/save-property-request.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { COMPS_BODY_LIMIT_BYTES, routeBodyLimit } from '../http/limit-request-body';
import { validate } from '../http/validate';
import { logger } from '../observability/logger';
import { EXPORT_RATE_LIMIT, limitPerUser } from '../rate-limit/limit-per-user';
import { createFileStorage } from '../storage/create-file-storage';
import { removeStoredFiles } from '../storage/file-storage';
import { getSubscription } from '../subscriptions/subscription-store';
import { deleteSavedProperty } from './delete-saved-property';
import { listSavedProperties, SavedListQuerySchema } from './list-saved-properties';
import { readSavedProperty } from './read-saved-property';
import { saveProperty } from './save-property';
import { savedListCsv } from './saved-list-csv';
import { updateSavedProperty } from './update-saved-property';

const PropertyIdSchema = z.object({ id: z.uuid('Unknown property') });

/**
 * /api/properties: the workspace's saved properties: save within the plan's limit (spec §4,
 * §6), list, CSV export (Personal and Pro), delete (Pro only); every query is scoped to the
 * session's workspace; a save whose market value is the ARV from comps keeps the comps in the same
 * insert. Every member lists; saving and deleting are 'work-deals', the CSV export
 * 'bulk-send-and-export' (issue 26), limited per user like the other exports (429 'rate-limited').
 * GET /{id} → { property, versions } (its earlier versions, newest first) and PUT /{id} (the save's
 * body, 'work-deals') saves it again, keeping the figures it had as a version (issue 42 §4); another
 * workspace's id is 404 'not-found'.
 */
export function propertiesRoutes(context: AppContext) {
  const { db } = context.database;
  const storage = createFileStorage(context.env);
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', validate('query', SavedListQuerySchema), async (c) =>
      c.json(await listSavedProperties(db, c.var.member.workspaceId, c.req.valid('query'))),
    )
    .post(
      '/',
      requireRole('work-deals'),
      // A market value from comps brings its comps (up to 500) with the save.
      routeBodyLimit(COMPS_BODY_LIMIT_BYTES),
      validate('json', SavePropertyRequestSchema),
      async (c) => {
        const property = await saveProperty(context, c.var.member.workspaceId, c.req.valid('json'));
        return c.json({ property }, 201);
      },
    )
    .get(
      '/export.csv',
      requireRole('bulk-send-and-export'),
      limitPerUser(context, 'saved-list-export', EXPORT_RATE_LIMIT),
      async (c) => {
        const { plan } = await getSubscription(db, c.var.member.workspaceId);
        if (!canExportSavedList(plan)) {
          return c.json({ error: 'Exporting the saved list is available with the Personal and Pro plans' }, 403);
        }
        const date = new Date().toISOString().slice(0, 10);
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="saved_properties_${date}.csv"`);
        return c.body(await savedListCsv(db, c.var.member.workspaceId));
      },
    )
    .get('/:id', validate('param', PropertyIdSchema), async (c) =>
      c.json(await readSavedProperty(db, c.var.member.workspaceId, c.req.valid('param').id)),
    )
    .put(
      '/:id',
      requireRole('work-deals'),
      limitPerUser(context, 'saved-property-update'),
      routeBodyLimit(COMPS_BODY_LIMIT_BYTES),
      validate('param', PropertyIdSchema),
      validate('json', SavePropertyRequestSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const property = await updateSavedProperty(db, c.var.member.workspaceId, id, c.req.valid('json'));
        return c.json({ property });
      },
    )
    .delete('/:id', requireRole('work-deals'), validate('param', PropertyIdSchema), async (c) => {
      const deleted = await deleteSavedProperty(db, c.var.member.workspaceId, c.req.valid('param').id, (keys) =>
        removeStoredFiles(storage, keys, (key, error) => logger.warn({ error, key }, 'a photo file was not removed')),
      );
      return deleted ? c.json({ deleted: true }) : c.json({ error: 'Property not found' }, 404);
    });
}
