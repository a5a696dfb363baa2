import { eq, type SQL } from 'drizzle-orm';
import type { TaskKind } from '#domain/tasks/task-requests.ts';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import type { Database } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { leads, tasks, user } from '../db/schema';

type TaskRow = typeof tasks.$inferSelect;

/** A task as the desk shows it: what, when (ISO 8601), whose, what it is on, and whether it is done. */
export interface TaskView {
  id: string;
  kind: TaskKind;
  dueAt: string;
  note: string;
  doneAt: string | null;
  assignee: { userId: string; name: string };
  createdByUserId: string | null;
  lead: { id: string; name: string | null; address: string; phone: string | null } | null;
}

/** One task's view, read back with its assignee's name (as members see it: memberNameSql) and its lead (after a write, in its transaction). */
export async function taskView(db: Pick<Database, 'select'>, row: TaskRow): Promise<TaskView> {
  const [joined] = await selectTaskViewRows(db).where(eq(tasks.id, row.id));
  if (!joined) throw new Error('task written but not read back');
  return joinedTaskView(joined);
}

/**
 * A select of tasks with what their views need joined in one query (the assignee's name, the lead
 * summed up): the Today list's few queries, however many tasks it holds. `extra` adds columns.
 */
export function selectTaskViewRows<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Pick<Database, 'select'>,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      task: tasks,
      assigneeName: memberNameSql(tasks.workspaceId),
      lead: { id: leads.id, name: leads.name, address: leads.address, phone: leads.phone },
      ...extra,
    })
    .from(tasks)
    .innerJoin(user, eq(user.id, tasks.assigneeUserId))
    .leftJoin(leads, eq(leads.id, tasks.leadId));
}

/** The view of a row of selectTaskViewRows. */
export function joinedTaskView(row: { task: TaskRow; assigneeName: string | null; lead: TaskView['lead'] }): TaskView {
  const { task } = row;
  return {
    id: task.id,
    kind: task.kind,
    dueAt: task.dueAt.toISOString(),
    note: task.note,
    doneAt: task.doneAt?.toISOString() ?? null,
    assignee: { userId: task.assigneeUserId, name: memberNameOrNeutral(row.assigneeName) },
    createdByUserId: task.createdByUserId,
    lead: row.lead,
  };
}
