import { buildCrmPayload } from '../../domain/integrations/build-crm-payload';
import type { CrmExportRequest } from '../../domain/integrations/export-request-schema';
import type { AppContext } from '../app-context';
import { createGhlContact } from './ghl-client';
import { integrationMessages } from '../../domain/integrations/integration-messages';
import { requireGhlSettings } from './ghl-settings-store';
import { postExportWebhook } from './post-export-webhook';
import { resolveExportDeal } from './resolve-export-deal';
import type { SettingsCipher } from './settings-cipher';
import { refuseWhenUpstreamFails } from './upstream';

/**
 * CRM export (spec §4): only with the user's stored GoHighLevel key (409 otherwise). The CRM
 * payload (contact and deal, spec §3) goes to the CRM automation webhook first when
 * CRM_WEBHOOK_URL is set, and its failure stops the export so nothing reaches the CRM; then the
 * contact is created through GoHighLevel's contacts API. A failure of either is a 502 quoting
 * it. Nothing is stored here.
 */
export async function exportToGhl(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  userId: string,
  request: CrmExportRequest,
  now = new Date(),
) {
  const settings = await requireGhlSettings(database.db, cipher, userId);
  const deal = await resolveExportDeal(database.db, userId, request.source);
  const payload = buildCrmPayload({ contact: request.contact, deal, now });

  const { contactId } = await refuseWhenUpstreamFails(
    'GoHighLevel export',
    (error) => `${integrationMessages.ghlExportFailed}: ${error.message}`,
    async () => {
      if (env.CRM_WEBHOOK_URL) await postExportWebhook('The CRM webhook', env.CRM_WEBHOOK_URL, payload);
      return createGhlContact(
        { apiUrl: env.GHL_API_URL, apiKey: settings.apiKey, locationId: settings.locationId },
        payload,
      );
    },
  );
  return { contactId, webhook: env.CRM_WEBHOOK_URL ? ('sent' as const) : ('not configured' as const) };
}
