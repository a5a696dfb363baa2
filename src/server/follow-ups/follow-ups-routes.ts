import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { followUpMessages } from '#domain/follow-ups/follow-up-messages.ts';
import { FollowUpSequenceRequestSchema } from '#domain/follow-ups/sequence-request.ts';
import { FOLLOW_UP_SEQUENCE_KINDS } from '#domain/follow-ups/sequence.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { followUps, followUpTouches, leads } from '../db/schema';
import { followUpsVisibleTo } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { createFollowUpClock, type FollowUpClock } from './follow-up-clock';
import { listFollowUps } from './read-follow-ups';
import { stopFollowUps } from './stop-follow-ups';
import {
  readWorkspaceSequence,
  readWorkspaceSequences,
  resetWorkspaceSequence,
  saveWorkspaceSequence,
} from './workspace-sequence';

const SequenceKindParam = z.object({ kind: z.enum(FOLLOW_UP_SEQUENCE_KINDS, { error: 'Unknown sequence' }) });

const DAY_MS = 24 * 60 * 60 * 1000;

function uuidOr404(id: string, message: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new Refusal(404, message, { code: 'not-found' });
  return parsed.data;
}

/**
 * /api/follow-ups (signed in): GET → { tasks, dueEmails, steps, sequence } (listFollowUps: the
 * member's own tasks, or the workspace's when they see all leads);
 * POST /tasks/{id}/done → { done: true } and POST /{id}/pause → { paused: true } (roles that work
 * deals; another workspace's task or sequence is 404, nothing changed);
 * GET /sequence → { sequence, custom } the sequence new follow-ups start with; PUT /sequence
 * FollowUpSequenceRequestSchema → the same (a Pro workspace's own: 'manage-workspace', 403
 * 'pro-only' on other plans) and DELETE /sequence → back to the built-in one; the same per kind
 * (issue 42 §3: first-offer, nurture, dead-quarterly): GET /sequences → { sequences: [{ kind,
 * sequence, custom }] }, PUT and DELETE /sequences/{kind} (an unknown kind is 400).
 */
export function followUpsRoutes(context: AppContext) {
  const { db } = context.database;
  const clock = context.followUpClock ?? createFollowUpClock();
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => c.json(await listFollowUps(db, c.var.member, clock.now())))
    .get('/sequence', async (c) => c.json(await readWorkspaceSequence(db, c.var.member.workspaceId)))
    .put('/sequence', requireRole('manage-workspace'), validate('json', FollowUpSequenceRequestSchema), async (c) =>
      c.json(await saveWorkspaceSequence(db, c.var.member.workspaceId, c.req.valid('json'))),
    )
    .delete('/sequence', requireRole('manage-workspace'), async (c) =>
      c.json(await resetWorkspaceSequence(db, c.var.member.workspaceId)),
    )
    .get('/sequences', async (c) => c.json({ sequences: await readWorkspaceSequences(db, c.var.member.workspaceId) }))
    .put(
      '/sequences/:kind',
      requireRole('manage-workspace'),
      validate('param', SequenceKindParam),
      validate('json', FollowUpSequenceRequestSchema),
      async (c) =>
        c.json(
          await saveWorkspaceSequence(db, c.var.member.workspaceId, c.req.valid('json'), c.req.valid('param').kind),
        ),
    )
    .delete('/sequences/:kind', requireRole('manage-workspace'), validate('param', SequenceKindParam), async (c) =>
      c.json(await resetWorkspaceSequence(db, c.var.member.workspaceId, c.req.valid('param').kind)),
    )
    .post('/tasks/:id/done', requireRole('work-deals'), async (c) => {
      const id = uuidOr404(c.req.param('id'), followUpMessages.taskNotFound);
      const done = await db.transaction(async (tx) => {
        const [task] = await tx
          .select({ id: followUpTouches.id })
          .from(followUpTouches)
          .innerJoin(followUps, eq(followUps.id, followUpTouches.followUpId))
          .leftJoin(leads, eq(leads.id, followUps.leadId))
          .where(and(eq(followUpTouches.id, id), followUpsVisibleTo(c.var.member)))
          .for('update', { of: followUpTouches });
        if (!task) throw new Refusal(404, followUpMessages.taskNotFound, { code: 'not-found' });
        await tx
          .update(followUpTouches)
          .set({ doneAt: clock.now(), doneByUserId: c.var.member.userId })
          .where(and(eq(followUpTouches.id, id), isNull(followUpTouches.doneAt)));
        return true;
      });
      return c.json({ done });
    })
    .post('/:id/pause', requireRole('work-deals'), async (c) => {
      const id = uuidOr404(c.req.param('id'), followUpMessages.notFound);
      const [found] = await db
        .select({ id: followUps.id })
        .from(followUps)
        .leftJoin(leads, eq(leads.id, followUps.leadId))
        .where(and(eq(followUps.id, id), followUpsVisibleTo(c.var.member)));
      if (!found) throw new Refusal(404, followUpMessages.notFound, { code: 'not-found' });
      await db.transaction((tx) =>
        stopFollowUps(tx, { id, workspaceId: c.var.member.workspaceId }, 'paused', {
          at: clock.now(),
          actorUserId: c.var.member.userId,
        }),
      );
      return c.json({ paused: true });
    });
}

/**
 * POST /api/test/follow-up-clock { days } moves the follow-ups' clock ahead (end-to-end tests
 * only: mounted when FOLLOW_UP_TEST_CLOCK=1, which production refuses to start with).
 */
export function followUpTestClockRoutes(clock: FollowUpClock) {
  return new Hono().post('/follow-up-clock', validate('json', z.object({ days: z.number().min(0).max(400) })), (c) => {
    clock.advance(c.req.valid('json').days * DAY_MS);
    return c.json({ now: clock.now().toISOString() });
  });
}
