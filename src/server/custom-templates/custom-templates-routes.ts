import { Hono } from 'hono';
import { z } from 'zod';
import { FormulaTemplateSchema } from '#domain/offer/formula-template.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
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
 * /api/custom-templates: the workspace's own formula templates (issue 13). GET lists them to every
 * member (any plan: kept after a downgrade); POST, PUT /{id} and DELETE /{id} need the
 * 'manage-workspace' role (403 { code: 'not-allowed' }) and Pro (403 { code: 'pro-only' }), are
 * validated by FormulaTemplateSchema and scoped to the session's workspace (404 otherwise).
 */
export function customTemplatesRoutes(context: AppContext) {
  const { db } = context.database;
  const manage = requireRole('manage-workspace');
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => c.json({ templates: await listCustomTemplates(db, c.var.member.workspaceId) }))
    .post('/', manage, validate('json', FormulaTemplateSchema), async (c) =>
      c.json({ template: await createCustomTemplate(db, c.var.member.workspaceId, c.req.valid('json')) }, 201),
    )
    .put('/:id', manage, validate('param', IdSchema), validate('json', FormulaTemplateSchema), async (c) =>
      c.json({
        template: await updateCustomTemplate(
          db,
          c.var.member.workspaceId,
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
      }),
    )
    .delete('/:id', manage, validate('param', IdSchema), async (c) => {
      await deleteCustomTemplate(db, c.var.member.workspaceId, c.req.valid('param').id);
      return c.json({ deleted: true });
    });
}
