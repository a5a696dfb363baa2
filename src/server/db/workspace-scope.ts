import { and, eq, getTableColumns, is, isNull, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import * as schema from './schema';
import { followUps, leads, tasks } from './schema';

type Schema = typeof schema;

/** The schema's tables whose rows a workspace owns: those with a `workspaceId` column. */
export type WorkspaceOwnedTableName = {
  [Name in keyof Schema]: Schema[Name] extends { workspaceId: AnyColumn } ? Name : never;
}[keyof Schema];
export type WorkspaceOwnedTable = Schema[WorkspaceOwnedTableName];

/**
 * Every table whose rows a workspace owns, read from the schema (a table with a `workspaceId`
 * column is one as soon as it is declared). The usage check (workspace-scope-usage.test.ts) refuses
 * a filter on their workspaceId outside this module, and the isolation test checks each one.
 */
export const workspaceOwnedTables = Object.fromEntries(
  Object.entries(schema).filter(([, table]) => is(table, PgTable) && 'workspaceId' in getTableColumns(table)),
) as { [Name in WorkspaceOwnedTableName]: Schema[Name] };

/**
 * Whose rows: the request's membership, or a bare workspace id for workers and webhooks acting for
 * a workspace (a prepared statement's placeholder, or another table's column in a join, too).
 */
export type WorkspaceRef = string | { workspaceId: string } | SQLWrapper | AnyColumn;

/** Who reads leads and follow-ups: their workspace, and whether they see all its leads or only those assigned to them. */
export type LeadReader = Pick<WorkspaceMember, 'workspaceId' | 'userId' | 'seesAllLeads'>;

function workspaceOf(ref: WorkspaceRef) {
  return typeof ref === 'object' && 'workspaceId' in ref && typeof ref.workspaceId === 'string' ? ref.workspaceId : ref;
}

/** The rows of `table` that the workspace owns. */
export function inWorkspace(table: WorkspaceOwnedTable, workspace: WorkspaceRef): SQL {
  return eq(table.workspaceId, workspaceOf(workspace) as string);
}

/** The one row `id` of `table`, only when the workspace owns it (another workspace's id matches nothing). */
export function ownedRow(
  table: Extract<WorkspaceOwnedTable, { id: AnyColumn }>,
  id: string,
  workspace: WorkspaceRef,
): SQL {
  return and(eq(table.id, id), inWorkspace(table, workspace))!;
}

/** A join of two workspace-owned tables on their workspace. */
export function sameWorkspace(table: WorkspaceOwnedTable, other: WorkspaceOwnedTable): SQL {
  return eq(table.workspaceId, other.workspaceId);
}

/**
 * The visibility rule, written once: a member who sees all leads sees the workspace's every row of
 * `table`; one switched to "only leads assigned to them" sees only those `theirs` names.
 */
function visibleTo(table: WorkspaceOwnedTable, reader: LeadReader, theirs: () => SQL): SQL {
  const scoped = inWorkspace(table, reader);
  return reader.seesAllLeads ? scoped : and(scoped, theirs())!;
}

const assignedTo = (reader: LeadReader) => eq(leads.assigneeUserId, reader.userId);

/** The leads a member sees. */
export function leadsVisibleTo(reader: LeadReader): SQL {
  return visibleTo(leads, reader, () => assignedTo(reader));
}

/**
 * The sequences (and their tasks) a member sees: those whose lead is assigned to them, or that they
 * sent and no one was assigned yet. A query using it joins leads on follow_ups.lead_id.
 */
export function followUpsVisibleTo(reader: LeadReader): SQL {
  return visibleTo(followUps, reader, () =>
    or(assignedTo(reader), and(isNull(leads.assigneeUserId), eq(followUps.senderUserId, reader.userId)))!,
  );
}

/**
 * The tasks a member sees: those on leads they see, and those assigned to them. A query using it
 * left-joins leads on tasks.lead_id.
 */
export function tasksVisibleTo(reader: LeadReader): SQL {
  return visibleTo(tasks, reader, () => or(assignedTo(reader), eq(tasks.assigneeUserId, reader.userId))!);
}
