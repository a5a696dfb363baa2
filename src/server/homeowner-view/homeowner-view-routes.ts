import { Hono } from 'hono';
import { HomeownerViewSchema } from '#domain/offer/homeowner-view.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { readWorkspaceHomeownerView, writeWorkspaceHomeownerView } from './homeowner-view-store';

/**
 * /api/homeowner-view: what the workspace's homeowners see of an offer on its offer links and
 * personal pages. GET: every member; PUT HomeownerViewSchema: 'manage-workspace' (Owner, Manager).
 */
export function homeownerViewRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => c.json(await readWorkspaceHomeownerView(db, c.var.member.workspaceId)))
    .put('/', requireRole('manage-workspace'), validate('json', HomeownerViewSchema), async (c) => {
      const view = c.req.valid('json');
      await writeWorkspaceHomeownerView(db, c.var.member.workspaceId, view);
      return c.json(view);
    });
}
