import { Hono } from 'hono';
import { z } from 'zod';
import { FormulaTemplateSchema } from '../../domain/offer/formula-template';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import {
  createCustomTemplate,
  customTemplateMessages,
  deleteCustomTemplate,
  listCustomTemplates,
  updateCustomTemplate,
} from './custom-templates';

const IdSchema = z.object({ id: z.uuid(customTemplateMessages.notFound) });

/**
 * /api/custom-templates: a signed-in user's own formula templates (issue 13). GET lists them
 * (any plan: kept after a downgrade); POST, PUT /{id} and DELETE /{id} are Pro only (403
 * { code: 'pro-only' }), validated by FormulaTemplateSchema, scoped to the user (404 otherwise).
 */
export function customTemplatesRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => c.json({ templates: await listCustomTemplates(db, c.var.user.id) }))
    .post('/', validate('json', FormulaTemplateSchema), async (c) =>
      c.json({ template: await createCustomTemplate(db, c.var.user.id, c.req.valid('json')) }, 201),
    )
    .put('/:id', validate('param', IdSchema), validate('json', FormulaTemplateSchema), async (c) =>
      c.json({ template: await updateCustomTemplate(db, c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }),
    )
    .delete('/:id', validate('param', IdSchema), async (c) => {
      await deleteCustomTemplate(db, c.var.user.id, c.req.valid('param').id);
      return c.json({ deleted: true });
    });
}
