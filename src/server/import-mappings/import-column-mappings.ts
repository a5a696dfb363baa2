import { and, desc, notInArray, sql } from 'drizzle-orm';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { type ImportColumnMapping, MAX_IMPORT_COLUMN_MAPPINGS } from '#domain/bulk-import/import-column-mappings.ts';
import { canBulkImport } from '#domain/plans/plans.ts';
import type { Database } from '../db/database';
import { importColumnMappings } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { getSubscription, lockPlan } from '../subscriptions/subscription-store';

const refuseUnlessPro = (plan: Parameters<typeof canBulkImport>[0]) => {
  if (!canBulkImport(plan)) throw new Refusal(403, bulkImportMessages.proOnly, { code: 'pro-only' });
};

/** The workspace's remembered list columns, most recently mapped first (bulk import is Pro only). */
export async function listImportColumnMappings(db: Database, workspaceId: string): Promise<ImportColumnMapping[]> {
  refuseUnlessPro((await getSubscription(db, workspaceId)).plan);
  return db
    .select({ column: importColumnMappings.column, field: importColumnMappings.field })
    .from(importColumnMappings)
    .where(inWorkspace(importColumnMappings, workspaceId))
    .orderBy(desc(importColumnMappings.updatedAt), importColumnMappings.column);
}

/**
 * Remembers the columns a member mapped (each column → its field, replacing what that column
 * held), under the workspace's plan lock: the Pro check and the change are one, and the
 * workspace keeps its MAX_IMPORT_COLUMN_MAPPINGS most recent. Returns what it now remembers.
 */
export async function saveImportColumnMappings(
  db: Database,
  workspaceId: string,
  mappings: readonly ImportColumnMapping[],
): Promise<ImportColumnMapping[]> {
  await db.transaction(async (tx) => {
    refuseUnlessPro(await lockPlan(tx, workspaceId));
    const now = new Date();
    await tx
      .insert(importColumnMappings)
      .values(mappings.map(({ column, field }) => ({ workspaceId, column, field, updatedAt: now })))
      .onConflictDoUpdate({
        target: [importColumnMappings.workspaceId, importColumnMappings.column],
        set: { field: sql`excluded.field`, updatedAt: now },
      });
    const kept = tx
      .select({ id: importColumnMappings.id })
      .from(importColumnMappings)
      .where(inWorkspace(importColumnMappings, workspaceId))
      .orderBy(desc(importColumnMappings.updatedAt), importColumnMappings.column)
      .limit(MAX_IMPORT_COLUMN_MAPPINGS);
    await tx
      .delete(importColumnMappings)
      .where(and(inWorkspace(importColumnMappings, workspaceId), notInArray(importColumnMappings.id, kept)));
  });
  return listImportColumnMappings(db, workspaceId);
}
