import { inArray } from 'drizzle-orm';
import type { TaskKind } from '#domain/tasks/task-requests.ts';
import type { Database } from '../db/database';
import type { tasks } from '../db/schema';
import { leads } from '../db/schema';
import { memberNames } from '../leads-inbox/lead-member-names';

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

/** The views of these task rows, their assignees named and their leads summed up (two queries, whatever the count). */
export async function taskViews(db: Pick<Database, 'select'>, rows: readonly TaskRow[]): Promise<TaskView[]> {
  const names = await memberNames(
    db,
    rows.map((row) => row.assigneeUserId),
  );
  const leadIds = [...new Set(rows.flatMap((row) => (row.leadId ? [row.leadId] : [])))];
  const leadRows =
    leadIds.length === 0
      ? []
      : await db
          .select({ id: leads.id, name: leads.name, address: leads.address, phone: leads.phone })
          .from(leads)
          .where(inArray(leads.id, leadIds));
  const leadsById = new Map(leadRows.map((lead) => [lead.id, lead]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    dueAt: row.dueAt.toISOString(),
    note: row.note,
    doneAt: row.doneAt?.toISOString() ?? null,
    assignee: { userId: row.assigneeUserId, name: names.get(row.assigneeUserId) ?? '' },
    createdByUserId: row.createdByUserId,
    lead: row.leadId ? (leadsById.get(row.leadId) ?? null) : null,
  }));
}

/** One task's view. */
export async function taskView(db: Pick<Database, 'select'>, row: TaskRow): Promise<TaskView> {
  const [view] = await taskViews(db, [row]);
  return view!;
}
