import { Hono } from 'hono';
import { LeadCallLogSchema } from '#domain/leads/lead-call.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { leadId } from '../leads-inbox/leads-inbox-routes';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { logLeadCall } from './log-lead-call';

/**
 * Mounted at /api/leads-inbox beside its routes (issue 42): POST /{id}/calls LeadCallLogSchema →
 * 201 { event, lead, task } logs how a call or text went (logLeadCall; rate limited per user; the
 * roles of a note: a Viewer is 403 'not-allowed'; another workspace's lead 404, nothing changed).
 */
export function leadCallsRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use('/:id/calls', requireUser(context))
    .post('/:id/calls', limitPerUser(context, 'lead-status'), validate('json', LeadCallLogSchema), async (c) =>
      c.json(await logLeadCall(db, c.var.member, leadId(c.req.param('id')), c.req.valid('json')), 201),
    );
}
