import { Hono } from 'hono';
import { z } from 'zod';
import { PromoteProspectRequestSchema, ProspectListQuerySchema } from '#domain/prospects/prospect-requests.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { requireBulkPlan } from '../bulk-send/require-bulk-plan';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { getProspect, prospectMessages } from './get-prospect';
import { listProspects } from './list-prospects';
import { promoteProspect } from './promote-prospect';
import { listSends, summarizeSend } from './send-summary';

/** An id in the path; anything that is not a UUID is unknown (404), never a 400 or a 500. */
function idOf(id: string, message: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new Refusal(404, message, { code: 'not-found' });
  return parsed.data;
}

/**
 * /api/prospects (signed in, the workspace's Pro plan, as bulk sends): the owners the workspace's
 * sends reached (issue 41). Every member reads; promoting needs a role that may bulk send (a Viewer
 * or a member without bulk rights is 403 'not-allowed'). Another workspace's prospect or send is 404.
 * GET / ?sendId=&q=&status=&touch=&channel=&cursor= → { prospects, nextCursor };
 * GET /sends → { sends } (newest 100); GET /sends/{id}/summary → the send's figures;
 * GET /{id} → { prospect, touches, sends }; POST /{id}/promote PromoteProspectRequestSchema → 201 { leadId }.
 */
export function prospectsRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(requireBulkPlan(context))
    .get('/', validate('query', ProspectListQuerySchema), async (c) =>
      c.json(await listProspects(db, c.var.member.workspaceId, c.req.valid('query'))),
    )
    .get('/sends', async (c) => c.json(await listSends(db, c.var.member.workspaceId)))
    .get('/sends/:id/summary', async (c) =>
      c.json(await summarizeSend(db, c.var.member.workspaceId, idOf(c.req.param('id'), prospectMessages.sendNotFound))),
    )
    .get('/:id', async (c) =>
      c.json(await getProspect(db, c.var.member.workspaceId, idOf(c.req.param('id'), prospectMessages.notFound))),
    )
    .post(
      '/:id/promote',
      requireRole('bulk-send-and-export'),
      validate('json', PromoteProspectRequestSchema),
      async (c) => {
        const id = idOf(c.req.param('id'), prospectMessages.notFound);
        return c.json(await promoteProspect(db, context.env, c.var.member, id, c.req.valid('json')), 201);
      },
    );
}
