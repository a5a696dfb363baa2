import { buildSheetsPayload } from '../../domain/integrations/build-sheets-payload';
import type { SheetsExportRequest } from '../../domain/integrations/export-request-schema';
import { integrationMessages } from '../../domain/integrations/integration-messages';
import type { AppContext } from '../app-context';
import { Refusal } from '../http/refusal';
import { postExportWebhook } from './post-export-webhook';
import { resolveExportDeal } from './resolve-export-deal';
import { refuseWhenUpstreamFails } from './upstream';

/**
 * Spreadsheet export (spec §7): posts the sheets payload (contact and deal as one row, spec §3)
 * to the spreadsheet automation webhook; 503 when SHEETS_WEBHOOK_URL is not set, 502 quoting the
 * webhook's failure. Nothing is stored here.
 */
export async function exportToSheets(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  userId: string,
  request: SheetsExportRequest,
  now = new Date(),
) {
  const url = env.SHEETS_WEBHOOK_URL;
  if (!url) {
    throw new Refusal(503, 'Google Sheets export is not configured on this server (SHEETS_WEBHOOK_URL is not set)');
  }
  const deal = await resolveExportDeal(database.db, userId, request.source);
  const payload = buildSheetsPayload({ contact: request.contact, deal, now, timeZone: request.timeZone });
  await refuseWhenUpstreamFails(
    'Google Sheets export',
    (error) => `${integrationMessages.sheetsExportFailed}: ${error.message}`,
    () => postExportWebhook('The spreadsheet webhook', url, payload),
  );
}
