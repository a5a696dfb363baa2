import { buildCrmPayload } from '../../domain/integrations/build-crm-payload';
import type { CrmExportRequest } from '../../domain/integrations/export-request-schema';
import type { AppContext } from '../app-context';
import { createGhlContact } from './ghl-client';
import { readGhlSettings } from './ghl-settings-store';
import { postExportWebhook } from './post-export-webhook';
import { resolveExportDeal } from './resolve-export-deal';
import type { SettingsCipher } from './settings-cipher';

export class GhlKeyMissingError extends Error {
  override name = 'GhlKeyMissingError';
  constructor(readonly unreadable: boolean) {
    super('GoHighLevel API key not found');
  }
}

/**
 * §4 CRM export: with the user's stored key, the §3 CRM payload goes to the CRM automation
 * webhook first (when CRM_WEBHOOK_URL is set; its failure stops the export, so nothing reaches
 * the CRM), then the contact is created through GoHighLevel's contacts API. Nothing is stored here.
 */
export async function exportToGhl(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  userId: string,
  request: CrmExportRequest,
  now = new Date(),
) {
  const settings = await readGhlSettings(database.db, cipher, userId);
  if (settings.status !== 'configured') throw new GhlKeyMissingError(settings.status === 'unreadable');
  const deal = await resolveExportDeal(database.db, userId, request.source);
  const payload = buildCrmPayload({ contact: request.contact, deal, now });

  if (env.CRM_WEBHOOK_URL) await postExportWebhook('The CRM webhook', env.CRM_WEBHOOK_URL, payload);
  const { contactId } = await createGhlContact(
    { apiUrl: env.GHL_API_URL, apiKey: settings.apiKey, locationId: settings.locationId },
    payload,
  );
  return { contactId, webhook: env.CRM_WEBHOOK_URL ? ('sent' as const) : ('not configured' as const) };
}
