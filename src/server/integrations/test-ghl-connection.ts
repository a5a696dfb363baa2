import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import type { AppContext } from '../app-context';
import { refuseWhenUpstreamFails } from '../http/outbound/upstream-error';
import { checkGhlConnection } from './ghl-client';
import { requireGhlSettings } from './ghl-settings-store';
import type { SettingsCipher } from './settings-cipher';

/**
 * The Test page's GoHighLevel check (spec §2): a real call with the workspace's stored key and
 * location. 409 when no key is stored; 502 quoting GoHighLevel's answer when it refuses.
 */
export async function testGhlConnection(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  workspaceId: string,
): Promise<{ message: string; detail: string }> {
  const settings = await requireGhlSettings(database.db, cipher, workspaceId);
  const { contactsInLocation } = await refuseWhenUpstreamFails(
    'GoHighLevel test',
    (error) => `${integrationMessages.ghlTestFailed}: ${error.message}`,
    () => checkGhlConnection({ apiUrl: env.GHL_API_URL, ...settings }),
  );
  const count =
    contactsInLocation === null ? '' : ` (${contactsInLocation} contact${contactsInLocation === 1 ? '' : 's'})`;
  return {
    message: integrationMessages.ghlTestPassed,
    detail: `GoHighLevel accepted the API key for location ${settings.locationId}${count}`,
  };
}
