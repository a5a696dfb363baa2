import { Hono } from 'hono';
import { KnownPropertiesRequestSchema } from '#domain/bulk-import/known-properties.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { requireBulkPlan } from '../bulk-send/require-bulk-plan';
import { LARGER_BODY_LIMITS, routeBodyLimit } from '../http/limit-request-body';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { findKnownProperties } from './find-known-properties';

const bodyLimit = LARGER_BODY_LIMITS.find((route) => route.path === '/api/import-review/known-properties')!.maxBytes;

/**
 * /api/import-review (issue 41), for members who may bulk send (403 not-allowed) of a Pro workspace
 * (403): POST /known-properties { rows: [{ address, low, high }] } → { known: [{ index, kind, offer,
 * note }] }, the rows already a lead (one the member sees) or saved in the session's workspace with
 * other figures; nothing of another workspace is ever read.
 */
export function importReviewRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(limitPerUser(context, 'import-review'))
    .use(requireRole('bulk-send-and-export'))
    .use(requireBulkPlan(context))
    .post('/known-properties', routeBodyLimit(bodyLimit), validate('json', KnownPropertiesRequestSchema), async (c) =>
      c.json({ known: await findKnownProperties(db, c.var.member, c.req.valid('json').rows) }),
    );
}
