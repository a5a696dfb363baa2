import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { wholesalerSettings } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

const ofWorkspace = (workspaceId: string, names: readonly string[]) =>
  and(inWorkspace(wholesalerSettings, workspaceId), inArray(wholesalerSettings.settingName, [...names]));

/** One workspace's stored values of these settings (wholesaler_settings), by name; absent names are not stored. */
export async function readSettings(
  db: Database,
  workspaceId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: wholesalerSettings.settingName, value: wholesalerSettings.settingValue })
    .from(wholesalerSettings)
    .where(ofWorkspace(workspaceId, names));
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Stores (or replaces) these settings of one workspace, in one statement. */
export async function writeSettings(db: Database, workspaceId: string, values: Readonly<Record<string, string>>) {
  await db
    .insert(wholesalerSettings)
    .values(Object.entries(values).map(([settingName, settingValue]) => ({ workspaceId, settingName, settingValue })))
    .onConflictDoUpdate({
      target: [wholesalerSettings.workspaceId, wholesalerSettings.settingName],
      set: { settingValue: sql`excluded.setting_value`, updatedAt: sql`now()` },
    });
}

/** Removes these settings of one workspace; true if any was stored. */
export async function removeSettings(db: Database, workspaceId: string, names: readonly string[]): Promise<boolean> {
  const removed = await db
    .delete(wholesalerSettings)
    .where(ofWorkspace(workspaceId, names))
    .returning({ name: wholesalerSettings.settingName });
  return removed.length > 0;
}
