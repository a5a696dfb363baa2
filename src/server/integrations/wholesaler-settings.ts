import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { wholesalerSettings } from '../db/schema';

const ofUser = (userId: string, names: readonly string[]) =>
  and(eq(wholesalerSettings.userId, userId), inArray(wholesalerSettings.settingName, [...names]));

/** One user's stored values of these settings (wholesaler_settings), by name; absent names are not stored. */
export async function readSettings(
  db: Database,
  userId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: wholesalerSettings.settingName, value: wholesalerSettings.settingValue })
    .from(wholesalerSettings)
    .where(ofUser(userId, names));
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Stores (or replaces) these settings of one user, in one statement. */
export async function writeSettings(db: Database, userId: string, values: Readonly<Record<string, string>>) {
  await db
    .insert(wholesalerSettings)
    .values(Object.entries(values).map(([settingName, settingValue]) => ({ userId, settingName, settingValue })))
    .onConflictDoUpdate({
      target: [wholesalerSettings.userId, wholesalerSettings.settingName],
      set: { settingValue: sql`excluded.setting_value`, updatedAt: sql`now()` },
    });
}

/** Removes these settings of one user; true if any was stored. */
export async function removeSettings(db: Database, userId: string, names: readonly string[]): Promise<boolean> {
  const removed = await db
    .delete(wholesalerSettings)
    .where(ofUser(userId, names))
    .returning({ name: wholesalerSettings.settingName });
  return removed.length > 0;
}
