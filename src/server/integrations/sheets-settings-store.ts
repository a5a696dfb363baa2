import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { wholesalerSettings } from '../db/schema';
import { SettingUnreadableError, type SettingsCipher } from './settings-cipher';

/** The wholesaler_settings name of a user's own spreadsheet webhook (issue 14), sealed like the CRM key. */
export const SHEETS_WEBHOOK_SETTING = 'sheets_webhook_url';

const owner = (userId: string) => `${userId}:${SHEETS_WEBHOOK_SETTING}`;
const mine = (userId: string) =>
  and(eq(wholesalerSettings.userId, userId), eq(wholesalerSettings.settingName, SHEETS_WEBHOOK_SETTING));

/** The user's webhook address, decrypted; null when none is stored or it can no longer be opened. */
export async function readSheetsWebhook(db: Database, cipher: SettingsCipher, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: wholesalerSettings.settingValue })
    .from(wholesalerSettings)
    .where(mine(userId));
  if (!row) return null;
  try {
    return cipher.open(row.value, owner(userId));
  } catch (error) {
    if (error instanceof SettingUnreadableError) return null;
    throw error;
  }
}

export async function saveSheetsWebhook(db: Database, cipher: SettingsCipher, userId: string, url: string) {
  await db
    .insert(wholesalerSettings)
    .values({ userId, settingName: SHEETS_WEBHOOK_SETTING, settingValue: cipher.seal(url, owner(userId)) })
    .onConflictDoUpdate({
      target: [wholesalerSettings.userId, wholesalerSettings.settingName],
      set: { settingValue: sql`excluded.setting_value`, updatedAt: sql`now()` },
    });
}

/** True if a webhook was stored. */
export async function removeSheetsWebhook(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(wholesalerSettings)
    .where(mine(userId))
    .returning({ name: wholesalerSettings.settingName });
  return removed.length > 0;
}
