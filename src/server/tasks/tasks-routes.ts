import { Hono } from 'hono';
import { z } from 'zod';
import { TaskCreateSchema, TaskEditSchema, TasksQuerySchema } from '#domain/tasks/task-requests.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { createFollowUpClock } from '../follow-ups/follow-up-clock';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { listLeadTasks, listMyTasks } from './list-tasks';
import { createTask, deleteTask, editTask, taskNotFound } from './save-task';

/** A task id; anything that is not a UUID is an unknown task (404), never a 400 or a 500. */
function taskId(id: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw taskNotFound();
  return parsed.data;
}

/**
 * /api/tasks (signed in; issue 42), "today" by the follow-ups' clock (follow-up-clock.ts):
 * GET / ?timeZone= → { now, endOfDay, today, upcoming, todayTotal } the member's own open tasks
 * (listMyTasks); GET / ?leadId= → { now, tasks } a lead's (404 for a lead they do not see);
 * POST / TaskCreateSchema → 201 { task }; PATCH /{id} TaskEditSchema → { task } (`done` completes
 * or reopens it); DELETE /{id} → { deleted: true }. Writes need a role that works the lead
 * (assertMayWorkLead: a Viewer is 403 'not-allowed'); another workspace's or an unseen task or
 * lead is 404, nothing changed; an assignee who is not a member is 400 'not-a-member', one whose
 * seat is suspended 409 'seat-suspended'.
 */
export function tasksRoutes(context: AppContext) {
  const { db } = context.database;
  const clock = context.followUpClock ?? createFollowUpClock();
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', validate('query', TasksQuerySchema), async (c) => {
      const { leadId, timeZone } = c.req.valid('query');
      if (leadId) return c.json(await listLeadTasks(db, c.var.member, leadId, clock.now()));
      return c.json(await listMyTasks(db, c.var.member, clock.now(), timeZone));
    })
    .post('/', limitPerUser(context, 'tasks'), validate('json', TaskCreateSchema), async (c) =>
      c.json({ task: await createTask(db, context.env, c.var.member, c.req.valid('json')) }, 201),
    )
    .patch('/:id', limitPerUser(context, 'tasks'), validate('json', TaskEditSchema), async (c) => {
      const task = await editTask(
        db,
        context.env,
        c.var.member,
        taskId(c.req.param('id')),
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ task });
    })
    .delete('/:id', limitPerUser(context, 'tasks'), async (c) => {
      await deleteTask(db, c.var.member, taskId(c.req.param('id')));
      return c.json({ deleted: true });
    });
}
