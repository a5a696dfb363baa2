import { and, count, eq, isNull } from 'drizzle-orm';
import { MAX_OPEN_TASKS_PER_LEAD, taskMessages, type TaskCreate, type TaskEdit } from '#domain/tasks/task-requests.ts';
import { taskKindLabels } from '#domain/tasks/task-requests.ts';
import { may, workspaceMessages, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database, Transaction } from '../db/database';
import { leads, tasks } from '../db/schema';
import { tasksVisibleTo } from '../db/workspace-scope';
import type { Env } from '../env';
import { Refusal } from '../http/refusal';
import { lockOwnedLead } from '../leads-inbox/find-owned-lead';
import { assertMayWorkLead } from '../leads-inbox/may-work-lead';
import { notifyAssignee } from '../profile/notify-assignee';
import { lockAssignableMember } from '../workspaces/lock-assignable-member';
import { taskView } from './task-view';

/** What telling an assignee by e-mail needs (notifyAssignee). */
type NoticeEnv = Pick<Env, 'EMAIL_FROM' | 'APP_URL'>;

/** Tells the task's assignee by e-mail that someone else gave it to them, when they asked for it. */
async function tellAssignee(tx: Transaction, env: NoticeEnv, actorUserId: string, task: typeof tasks.$inferSelect) {
  if (!task.leadId) return;
  const [lead] = await tx
    .select({ id: leads.id, address: leads.address, name: leads.name })
    .from(leads)
    .where(eq(leads.id, task.leadId));
  if (!lead) return;
  await notifyAssignee(tx, env, {
    workspaceId: task.workspaceId,
    assigneeUserId: task.assigneeUserId,
    actorUserId,
    assignment: {
      what: 'task',
      taskLabel: taskKindLabels[task.kind],
      dueAt: task.dueAt.toISOString(),
      lead: { ...lead, name: lead.name ?? '' },
    },
  });
}

export const taskNotFound = () => new Refusal(404, taskMessages.notFound, { code: 'task-not-found' });

/**
 * Adds a task inside the caller's transaction on a lead it already locked (lockOwnedLead): for
 * `assigneeUserId`, a member of the workspace whose seat is not suspended (lockAssignableMember), at
 * most MAX_OPEN_TASKS_PER_LEAD open on the lead (409 'lead-tasks-full'), counted under the lead's lock.
 */
export async function insertLeadTask(
  tx: Transaction,
  member: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  lead: { id: string },
  task: { kind: TaskCreate['kind']; dueAt: Date; note: string; assigneeUserId: string },
) {
  await lockAssignableMember(tx, member.workspaceId, task.assigneeUserId);
  const [open] = await tx
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.leadId, lead.id), isNull(tasks.doneAt)));
  if ((open?.n ?? 0) >= MAX_OPEN_TASKS_PER_LEAD) {
    throw new Refusal(409, taskMessages.tooMany, { code: 'lead-tasks-full' });
  }
  const [row] = await tx
    .insert(tasks)
    .values({ ...task, workspaceId: member.workspaceId, leadId: lead.id, createdByUserId: member.userId })
    .returning();
  if (!row) throw new Error('tasks insert returned no row');
  return row;
}

/**
 * POST /api/tasks: a task on a lead the member sees (404 otherwise) and may work (403
 * 'not-allowed': assertMayWorkLead), for them or another member (insertLeadTask's rules), who is
 * e-mailed about it when they asked to be (notifyAssignee).
 */
export async function createTask(db: Database, env: NoticeEnv, member: WorkspaceMember, request: TaskCreate) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, request.leadId);
    assertMayWorkLead(member, lead.status);
    const row = await insertLeadTask(tx, member, lead, {
      kind: request.kind,
      dueAt: request.dueAt,
      note: request.note,
      assigneeUserId: request.assigneeUserId ?? member.userId,
    });
    await tellAssignee(tx, env, member.userId, row);
    return taskView(tx, row);
  });
}

/**
 * A task the member sees (tasksVisibleTo; another workspace's or an unseen one is 404), locked, with
 * its lead's status: what decides whether their role may change it (assertMayWorkLead; a task on
 * nothing needs a role that works deals).
 */
async function lockVisibleTask(tx: Transaction, member: WorkspaceMember, taskId: string) {
  const [found] = await tx
    .select({ task: tasks, leadStatus: leads.status })
    .from(tasks)
    .leftJoin(leads, eq(leads.id, tasks.leadId))
    .where(and(eq(tasks.id, taskId), tasksVisibleTo(member)))
    .for('update', { of: tasks });
  if (!found) throw taskNotFound();
  if (found.leadStatus) assertMayWorkLead(member, found.leadStatus);
  else if (!may(member, 'work-deals')) throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
  return found.task;
}

/** PATCH /api/tasks/{id}: changes what, when, whose or the note, and completes it (`done: true`) or opens it again. */
export async function editTask(
  db: Database,
  env: NoticeEnv,
  member: WorkspaceMember,
  taskId: string,
  edit: TaskEdit,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const task = await lockVisibleTask(tx, member, taskId);
    if (edit.assigneeUserId !== undefined && edit.assigneeUserId !== task.assigneeUserId) {
      await lockAssignableMember(tx, member.workspaceId, edit.assigneeUserId);
    }
    const done =
      edit.done === undefined || edit.done === (task.doneAt !== null)
        ? {}
        : edit.done
          ? { doneAt: now, doneByUserId: member.userId }
          : { doneAt: null, doneByUserId: null };
    const [row] = await tx
      .update(tasks)
      .set({
        ...(edit.kind !== undefined && { kind: edit.kind }),
        ...(edit.dueAt !== undefined && { dueAt: edit.dueAt }),
        ...(edit.assigneeUserId !== undefined && { assigneeUserId: edit.assigneeUserId }),
        ...(edit.note !== undefined && { note: edit.note }),
        ...done,
      })
      .where(eq(tasks.id, task.id))
      .returning();
    if (!row) throw new Error('tasks update returned no row');
    if (row.assigneeUserId !== task.assigneeUserId) await tellAssignee(tx, env, member.userId, row);
    return taskView(tx, row);
  });
}

/** DELETE /api/tasks/{id}: removes a task the member sees and may change. */
export async function deleteTask(db: Database, member: WorkspaceMember, taskId: string) {
  await db.transaction(async (tx) => {
    const task = await lockVisibleTask(tx, member, taskId);
    await tx.delete(tasks).where(eq(tasks.id, task.id));
  });
}
