import { Hono } from 'hono';
import { z } from 'zod';
import { canExportSavedList } from '../../domain/plans/plans';
import { SavePropertyRequestSchema } from '../../domain/properties/save-property-request';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { UpstreamError } from '../integrations/upstream';
import { getSubscription } from '../subscriptions/subscription-store';
import { deleteSavedProperty, DeletionNotAllowedError } from './delete-saved-property';
import { InvalidCursorError, listSavedProperties, SavedListQuerySchema } from './list-saved-properties';
import { PlanLimitReachedError, saveProperty } from './save-property';
import { savedListCsv } from './saved-list-csv';

/** §4, §6, §7: a signed-in user's saved properties; every query is scoped to that user. */
export function propertiesRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', validate('query', SavedListQuerySchema), async (c) => {
      try {
        return c.json(await listSavedProperties(db, c.var.user.id, c.req.valid('query')));
      } catch (error) {
        if (error instanceof InvalidCursorError) return c.json({ error: error.message }, 400);
        throw error;
      }
    })
    .post('/', validate('json', SavePropertyRequestSchema), async (c) => {
      try {
        const property = await saveProperty(context, c.var.user.id, c.req.valid('json'));
        return c.json({ property }, 201);
      } catch (error) {
        if (error instanceof UpstreamError) {
          console.warn(`save stopped: ${error.message}`);
          return c.json({ error: 'Failed to submit offer. Please try again.' }, 502);
        }
        if (error instanceof PlanLimitReachedError) return c.json({ error: error.message, limit: error.limit }, 403);
        throw error;
      }
    })
    .get('/export.csv', async (c) => {
      const { plan } = await getSubscription(db, c.var.user.id);
      if (!canExportSavedList(plan)) {
        return c.json({ error: 'Exporting the saved list is available with the Personal and Pro plans' }, 403);
      }
      const date = new Date().toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="saved_properties_${date}.csv"`);
      return c.body(await savedListCsv(db, c.var.user.id));
    })
    .delete('/:id', validate('param', z.object({ id: z.uuid('Unknown property') })), async (c) => {
      try {
        const deleted = await deleteSavedProperty(db, c.var.user.id, c.req.valid('param').id);
        return deleted ? c.json({ deleted: true }) : c.json({ error: 'Property not found' }, 404);
      } catch (error) {
        if (error instanceof DeletionNotAllowedError) return c.json({ error: error.message }, 403);
        throw error;
      }
    });
}
