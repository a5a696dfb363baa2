import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { BulkSendRequestSchema } from '#domain/bulk-import/bulk-send-request.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { assertSenderMaySend } from '../email/send-to-third-party';
import { validate } from '../http/validate';
import { cancelBulkSendJob } from './cancel-bulk-send-job';
import { createBulkSendJob } from './create-bulk-send-job';
import { getBulkSendProgress } from './get-bulk-send-progress';
import { requireBulkPlan } from './require-bulk-plan';

// 50,000 properties of a few hundred bytes each, with room to spare.
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Bulk offer e-mails, a Pro-only feature (spec §6) sent in paced batches (spec §7): create a
 * durable send job of the workspace, sent by the member (a role that may bulk send, the workspace's
 * Pro plan, the member's verified e-mail and postal address required), read its progress (any
 * member of the workspace), cancel it (a member who may bulk send); another workspace's job is 404.
 */
export function bulkSendRoutes(context: AppContext) {
  const { db } = context.database;
  const requirePro = requireBulkPlan(context);
  const requireSender = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    await assertSenderMaySend(db, c.var.member, 'bulk-offer');
    await next();
  });
  const progressOf = (workspaceId: string, jobId: string) =>
    getBulkSendProgress(db, workspaceId, jobId, { dailyLimit: context.env.BULK_EMAIL_DAILY_LIMIT });
  const JobParam = z.object({ id: z.uuid('Unknown send job') });
  // A member may choose to send an owner the same offer an earlier send made (issue 41).
  const SendRequest = BulkSendRequestSchema.extend({ resendSameOffer: z.boolean().default(false) });

  return (
    new Hono<{ Variables: AuthVariables }>()
      .use(requireUser(context))
      .post(
        '/',
        requireRole('bulk-send-and-export'),
        requirePro,
        requireSender,
        bodyLimit({
          maxSize: MAX_BODY_BYTES,
          onError: (c) => c.json({ error: bulkImportMessages.tooManyToSend }, 413),
        }),
        validate('json', SendRequest),
        async (c) => c.json(await createBulkSendJob(db, c.var.member, c.req.valid('json')), 201),
      )
      .get('/:id', validate('param', JobParam), async (c) => {
        const progress = await progressOf(c.var.member.workspaceId, c.req.valid('param').id);
        return progress ? c.json(progress) : c.json({ error: 'Send job not found' }, 404);
      })
      // A member who may bulk send stops the rest of a send of the workspace; another workspace's job is 404, unchanged.
      .post('/:id/cancel', requireRole('bulk-send-and-export'), validate('param', JobParam), async (c) => {
        const { id } = c.req.valid('param');
        const found = await cancelBulkSendJob(db, c.var.member.workspaceId, id);
        const progress = found ? await progressOf(c.var.member.workspaceId, id) : null;
        return progress ? c.json(progress) : c.json({ error: 'Send job not found' }, 404);
      })
  );
}
