import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { bulkImportMessages } from '../../domain/bulk-import/bulk-import-messages';
import { BulkSendRequestSchema } from '../../domain/bulk-import/bulk-send-request';
import { canBulkImport } from '../../domain/plans/plans';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { getSubscription } from '../subscriptions/subscription-store';
import { createBulkSendJob } from './create-bulk-send-job';
import { getBulkSendProgress } from './get-bulk-send-progress';

// 50,000 properties of a few hundred bytes each, with room to spare.
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Bulk offer e-mails, a Pro-only feature (spec §6) sent in paced batches (spec §7): create a
 * durable send job, and read its progress (scoped to its owner).
 */
export function bulkSendRoutes(context: AppContext) {
  const { db } = context.database;
  // Bulk import and its e-mails are Pro only (spec §6), checked here whatever the browser shows.
  const requirePro = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const { plan } = await getSubscription(db, c.var.user.id);
    if (!canBulkImport(plan)) return c.json({ error: bulkImportMessages.proOnly }, 403);
    await next();
  });

  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .post(
      '/',
      requirePro,
      bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: bulkImportMessages.tooManyToSend }, 413) }),
      validate('json', BulkSendRequestSchema),
      async (c) => c.json(await createBulkSendJob(db, c.var.user.id, c.req.valid('json')), 201),
    )
    .get('/:id', validate('param', z.object({ id: z.uuid('Unknown send job') })), async (c) => {
      const progress = await getBulkSendProgress(db, c.var.user.id, c.req.valid('param').id);
      return progress ? c.json(progress) : c.json({ error: 'Send job not found' }, 404);
    });
}
