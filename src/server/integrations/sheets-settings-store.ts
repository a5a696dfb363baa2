import type { Database } from '../db/database';
import { SettingUnreadableError, type SettingsCipher } from './settings-cipher';
import { readSettings, removeSettings, writeSettings } from './wholesaler-settings';

/** The wholesaler_settings name of a user's own spreadsheet webhook (issue 14), sealed like the CRM key. */
export const SHEETS_WEBHOOK_SETTING = 'sheets_webhook_url';

const owner = (userId: string) => `${userId}:${SHEETS_WEBHOOK_SETTING}`;

/** The user's webhook address, decrypted; null when none is stored or it can no longer be opened. */
export async function readSheetsWebhook(db: Database, cipher: SettingsCipher, userId: string): Promise<string | null> {
  const sealed = (await readSettings(db, userId, [SHEETS_WEBHOOK_SETTING])).get(SHEETS_WEBHOOK_SETTING);
  if (sealed === undefined) return null;
  try {
    return cipher.open(sealed, owner(userId));
  } catch (error) {
    if (error instanceof SettingUnreadableError) return null;
    throw error;
  }
}

export function saveSheetsWebhook(db: Database, cipher: SettingsCipher, userId: string, url: string) {
  return writeSettings(db, userId, { [SHEETS_WEBHOOK_SETTING]: cipher.seal(url, owner(userId)) });
}

/** True if a webhook was stored. */
export function removeSheetsWebhook(db: Database, userId: string): Promise<boolean> {
  return removeSettings(db, userId, [SHEETS_WEBHOOK_SETTING]);
}
