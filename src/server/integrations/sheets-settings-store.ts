import type { Database } from '../db/database';
import { SettingUnreadableError, type SettingsCipher } from './settings-cipher';
import { readSettings, removeSettings, writeSettings } from './wholesaler-settings';

/** The wholesaler_settings name of a workspace's own spreadsheet webhook (issue 14), sealed like the CRM key. */
export const SHEETS_WEBHOOK_SETTING = 'sheets_webhook_url';

// Sealed for the workspace (the cipher's associated data): a value copied to another workspace's row does
// not open. Values sealed before workspaces named the user, whose own workspace has the same id.
const owner = (workspaceId: string) => `${workspaceId}:${SHEETS_WEBHOOK_SETTING}`;

/** The workspace's webhook address, decrypted; null when none is stored or it can no longer be opened. */
export async function readSheetsWebhook(
  db: Database,
  cipher: SettingsCipher,
  workspaceId: string,
): Promise<string | null> {
  const sealed = (await readSettings(db, workspaceId, [SHEETS_WEBHOOK_SETTING])).get(SHEETS_WEBHOOK_SETTING);
  if (sealed === undefined) return null;
  try {
    return cipher.open(sealed, owner(workspaceId));
  } catch (error) {
    if (error instanceof SettingUnreadableError) return null;
    throw error;
  }
}

export function saveSheetsWebhook(db: Database, cipher: SettingsCipher, workspaceId: string, url: string) {
  return writeSettings(db, workspaceId, { [SHEETS_WEBHOOK_SETTING]: cipher.seal(url, owner(workspaceId)) });
}

/** True if a webhook was stored. */
export function removeSheetsWebhook(db: Database, workspaceId: string): Promise<boolean> {
  return removeSettings(db, workspaceId, [SHEETS_WEBHOOK_SETTING]);
}
