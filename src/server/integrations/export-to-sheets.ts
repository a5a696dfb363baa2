import { buildSheetsPayload } from '../../domain/integrations/build-sheets-payload';
import type { SheetsExportRequest } from '../../domain/integrations/export-request-schema';
import type { AppContext } from '../app-context';
import { postExportWebhook } from './post-export-webhook';
import { resolveExportDeal } from './resolve-export-deal';

export class SheetsNotConfiguredError extends Error {
  override name = 'SheetsNotConfiguredError';
  constructor() {
    super('Google Sheets export is not configured on this server (SHEETS_WEBHOOK_URL is not set)');
  }
}

/** §7: posts the §3 sheets payload to the spreadsheet automation webhook; nothing is stored here. */
export async function exportToSheets(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  userId: string,
  request: SheetsExportRequest,
  now = new Date(),
) {
  if (!env.SHEETS_WEBHOOK_URL) throw new SheetsNotConfiguredError();
  const deal = await resolveExportDeal(database.db, userId, request.source);
  const payload = buildSheetsPayload({ contact: request.contact, deal, now, timeZone: request.timeZone });
  await postExportWebhook('The spreadsheet webhook', env.SHEETS_WEBHOOK_URL, payload);
}
