import { lastFour } from '#domain/integrations/ghl-settings-schema.ts';
import {
  DEFAULT_LOB_MONTHLY_PIECE_CAP,
  DEFAULT_LOB_PRICE_PER_PIECE_CENTS,
  isLobTestKey,
  lobMessages,
} from '#domain/mail/lob-settings.ts';
import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { SettingUnreadableError, type SettingsCipher } from '../integrations/settings-cipher';
import { readSettings, removeSettings, writeSettings } from '../integrations/wholesaler-settings';

/** The wholesaler_settings names of a workspace's Lob connection (issue 41). */
export const LOB_API_KEY_SETTING = 'lob_api_key';
export const LOB_WEBHOOK_SECRET_SETTING = 'lob_webhook_secret';
export const LOB_PRICE_SETTING = 'lob_price_per_piece_cents';
export const LOB_CAP_SETTING = 'lob_monthly_piece_cap';
const names = [LOB_API_KEY_SETTING, LOB_WEBHOOK_SECRET_SETTING, LOB_PRICE_SETTING, LOB_CAP_SETTING];

export interface StoredLobSettings {
  /** The key, decrypted; null when none is saved or it no longer opens (`unreadable`). */
  apiKey: string | null;
  webhookSecret: string | null;
  unreadable: boolean;
  pricePerPieceCents: number;
  monthlyPieceCap: number;
}

// Sealed for the workspace and the setting (the cipher's associated data), as the CRM key is.
const owner = (workspaceId: string, settingName: string) => `${workspaceId}:${settingName}`;

/** The workspace's Lob settings; the key and secret never leave the server. */
export async function readLobSettings(
  db: Database,
  cipher: SettingsCipher,
  workspaceId: string,
): Promise<StoredLobSettings> {
  const stored = await readSettings(db, workspaceId, names);
  let unreadable = false;
  const open = (name: string) => {
    const sealed = stored.get(name);
    if (sealed === undefined) return null;
    try {
      return cipher.open(sealed, owner(workspaceId, name));
    } catch (error) {
      if (!(error instanceof SettingUnreadableError)) throw error;
      unreadable = true;
      return null;
    }
  };
  const apiKey = open(LOB_API_KEY_SETTING);
  const webhookSecret = open(LOB_WEBHOOK_SECRET_SETTING);
  return {
    apiKey,
    webhookSecret,
    unreadable,
    pricePerPieceCents: Number(stored.get(LOB_PRICE_SETTING) ?? DEFAULT_LOB_PRICE_PER_PIECE_CENTS),
    monthlyPieceCap: Number(stored.get(LOB_CAP_SETTING) ?? DEFAULT_LOB_MONTHLY_PIECE_CAP),
  };
}

/** The workspace's Lob key, or a 409 (`lob-not-connected`) the web app sends to the Integrations page. */
export async function requireLobKey(db: Database, cipher: SettingsCipher, workspaceId: string) {
  const settings = await readLobSettings(db, cipher, workspaceId);
  if (!settings.apiKey)
    throw new Refusal(409, settings.unreadable ? lobMessages.keyUnreadable : lobMessages.notConnected, {
      code: 'lob-not-connected',
    });
  return { ...settings, apiKey: settings.apiKey };
}

/** Stores the settings given, the key and secret encrypted; one left out keeps what is stored. */
export async function saveLobSettings(
  db: Database,
  cipher: SettingsCipher,
  workspaceId: string,
  settings: { apiKey?: string; webhookSecret?: string; pricePerPieceCents: number; monthlyPieceCap: number },
) {
  await writeSettings(db, workspaceId, {
    ...(settings.apiKey && {
      [LOB_API_KEY_SETTING]: cipher.seal(settings.apiKey, owner(workspaceId, LOB_API_KEY_SETTING)),
    }),
    ...(settings.webhookSecret && {
      [LOB_WEBHOOK_SECRET_SETTING]: cipher.seal(settings.webhookSecret, owner(workspaceId, LOB_WEBHOOK_SECRET_SETTING)),
    }),
    [LOB_PRICE_SETTING]: String(settings.pricePerPieceCents),
    [LOB_CAP_SETTING]: String(settings.monthlyPieceCap),
  });
}

export function removeLobSettings(db: Database, workspaceId: string) {
  return removeSettings(db, workspaceId, names);
}

/** What the browser may know: whether a key and secret are saved, the key's last four and mode, never either value. */
export function lobSettingsView(settings: StoredLobSettings, webhookUrl: string) {
  return {
    configured: settings.apiKey !== null,
    unreadable: settings.unreadable,
    last4: settings.apiKey ? lastFour(settings.apiKey) : null,
    testMode: settings.apiKey ? isLobTestKey(settings.apiKey) : false,
    webhookSecretSaved: settings.webhookSecret !== null,
    webhookUrl,
    pricePerPieceCents: settings.pricePerPieceCents,
    monthlyPieceCap: settings.monthlyPieceCap,
  };
}
