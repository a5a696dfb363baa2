import type { GhlOpportunityStage, GhlSettings } from '#domain/integrations/ghl-settings-schema.ts';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { SettingUnreadableError, type SettingsCipher } from './settings-cipher';
import { readSettings, removeSettings, writeSettings } from './wholesaler-settings';

/** The wholesaler_settings names of the CRM credentials (spec §3). */
export const GHL_API_KEY_SETTING = 'ghl_api_key';
export const GHL_LOCATION_ID_SETTING = 'ghl_location_id';
/** Where exports put the deal: a pipeline and stage of the location they were chosen in (JSON, not secret). */
export const GHL_OPPORTUNITY_STAGE_SETTING = 'ghl_opportunity_stage';
const credentialNames = [GHL_API_KEY_SETTING, GHL_LOCATION_ID_SETTING];

export type StoredGhlSettings =
  | { status: 'configured'; apiKey: string; locationId: string }
  /** Nothing stored, or only half of it. */
  | { status: 'missing' }
  /** Stored, but sealed under another server secret (or altered): the user must enter it again. */
  | { status: 'unreadable' };

// Sealed for the workspace (the cipher's associated data): a value copied to another workspace's row does
// not open. Values sealed before workspaces named the user, whose own workspace has the same id.
const owner = (workspaceId: string, settingName: string) => `${workspaceId}:${settingName}`;

/** The workspace's GoHighLevel key and location id, decrypted; never leaves the server. */
export async function readGhlSettings(
  db: Database,
  cipher: SettingsCipher,
  workspaceId: string,
): Promise<StoredGhlSettings> {
  const stored = await readSettings(db, workspaceId, credentialNames);
  const sealedKey = stored.get(GHL_API_KEY_SETTING);
  const sealedLocation = stored.get(GHL_LOCATION_ID_SETTING);
  if (sealedKey === undefined || sealedLocation === undefined) return { status: 'missing' };
  try {
    return {
      status: 'configured',
      apiKey: cipher.open(sealedKey, owner(workspaceId, GHL_API_KEY_SETTING)),
      locationId: cipher.open(sealedLocation, owner(workspaceId, GHL_LOCATION_ID_SETTING)),
    };
  } catch (error) {
    if (error instanceof SettingUnreadableError) return { status: 'unreadable' };
    throw error;
  }
}

/**
 * The workspace's GoHighLevel key and location id, or a 409 refusal (code `ghl-key-missing`) when
 * nothing usable is stored, so the web app can send the user to enter them.
 */
export async function requireGhlSettings(db: Database, cipher: SettingsCipher, workspaceId: string) {
  const settings = await readGhlSettings(db, cipher, workspaceId);
  if (settings.status !== 'configured') {
    throw new Refusal(409, integrationMessages.ghlKeyNotFound, { code: 'ghl-key-missing' });
  }
  return settings;
}

/** Stores (or replaces) both values, encrypted, in one statement. */
export async function saveGhlSettings(
  db: Database,
  cipher: SettingsCipher,
  workspaceId: string,
  settings: GhlSettings,
): Promise<void> {
  await writeSettings(db, workspaceId, {
    [GHL_API_KEY_SETTING]: cipher.seal(settings.apiKey, owner(workspaceId, GHL_API_KEY_SETTING)),
    [GHL_LOCATION_ID_SETTING]: cipher.seal(settings.locationId, owner(workspaceId, GHL_LOCATION_ID_SETTING)),
  });
}

/** Removes the credentials and the pipeline stage; true if anything was stored. */
export function removeGhlSettings(db: Database, workspaceId: string): Promise<boolean> {
  return removeSettings(db, workspaceId, [...credentialNames, GHL_OPPORTUNITY_STAGE_SETTING]);
}

/** The pipeline stage the workspace chose for `locationId`; null when none, or when it was chosen for another location. */
export async function readGhlOpportunityStage(
  db: Database,
  workspaceId: string,
  locationId: string,
): Promise<GhlOpportunityStage | null> {
  const value = (await readSettings(db, workspaceId, [GHL_OPPORTUNITY_STAGE_SETTING])).get(
    GHL_OPPORTUNITY_STAGE_SETTING,
  );
  if (value === undefined) return null;
  const stored = JSON.parse(value) as GhlOpportunityStage & { locationId: string };
  if (stored.locationId !== locationId) return null;
  return { pipelineId: stored.pipelineId, pipelineStageId: stored.pipelineStageId };
}

export async function saveGhlOpportunityStage(
  db: Database,
  workspaceId: string,
  locationId: string,
  stage: GhlOpportunityStage,
): Promise<void> {
  await writeSettings(db, workspaceId, { [GHL_OPPORTUNITY_STAGE_SETTING]: JSON.stringify({ locationId, ...stage }) });
}

/** Exports stop creating opportunities; true if a stage was chosen. */
export function removeGhlOpportunityStage(db: Database, workspaceId: string): Promise<boolean> {
  return removeSettings(db, workspaceId, [GHL_OPPORTUNITY_STAGE_SETTING]);
}
