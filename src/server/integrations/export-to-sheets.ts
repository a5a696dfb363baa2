import { buildSheetsPayload } from '#domain/integrations/build-sheets-payload.ts';
import type { SheetsExportRequest } from '#domain/integrations/export-request-schema.ts';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { sheetsSettingsMessages } from '#domain/integrations/sheets-settings-messages.ts';
import type { AppContext } from '../app-context';
import { resolveDeal, type DealReader } from '../deals/resolve-deal';
import { userUrlPolicy, type OutboundPolicy } from '../http/outbound/outbound-address';
import { postAutomationWebhook } from '../http/outbound/post-automation-webhook';
import { refuseWhenUpstreamFails } from '../http/outbound/upstream-error';
import { Refusal } from '../http/refusal';
import { recordLeadExport } from './record-lead-export';
import type { SettingsCipher } from './settings-cipher';
import { readSheetsWebhook } from './sheets-settings-store';

const SERVICE = 'The spreadsheet webhook';

/**
 * Where a workspace's spreadsheet rows go: its own webhook, held to the user-address policy at every
 * connection and redirect (its name may resolve elsewhere since it was saved), else the operator's
 * SHEETS_WEBHOOK_URL (policy null: trusted); with neither, a 409 saying how to connect one
 * (code 'sheets-not-connected').
 */
export async function sheetsWebhookFor(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  workspaceId: string,
): Promise<{ url: string; policy: OutboundPolicy | null }> {
  const own = await readSheetsWebhook(database.db, cipher, workspaceId);
  if (own) return { url: own, policy: userUrlPolicy(env) };
  if (env.SHEETS_WEBHOOK_URL) return { url: env.SHEETS_WEBHOOK_URL, policy: null };
  throw new Refusal(409, sheetsSettingsMessages.notConnected, { code: 'sheets-not-connected' });
}

/**
 * Spreadsheet export (spec §7): posts the sheets payload (contact and deal as one row, spec §3)
 * to the workspace's spreadsheet webhook, or the operator's; 502 saying the webhook failed (quoting
 * only the operator's webhook: see postAutomationWebhook). A lead's export, once the webhook took
 * it, goes on the lead's history with the member who exported it (issue 26 §5); nothing else is stored.
 */
export async function exportToSheets(
  context: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  member: DealReader,
  request: SheetsExportRequest,
  now = new Date(),
) {
  const webhook = await sheetsWebhookFor(context, cipher, member.workspaceId);
  const deal = await resolveDeal(context.database.db, member, request.source);
  const payload = buildSheetsPayload({ contact: request.contact, deal, now, timeZone: request.timeZone });
  await refuseWhenUpstreamFails(
    'Google Sheets export',
    (error) => `${integrationMessages.sheetsExportFailed}: ${error.message}`,
    () => postAutomationWebhook(SERVICE, webhook.url, payload, webhook.policy),
  );
  if (request.source.kind === 'lead') {
    await recordLeadExport(context.database.db, member, request.source.leadId, 'sheets', deal.offerRange);
  }
}

/** Test (the /test page): one row that says what it is, sent where exports go, failing as exportToSheets does. */
export async function testSheetsWebhook(
  context: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  workspaceId: string,
  now = new Date(),
) {
  const webhook = await sheetsWebhookFor(context, cipher, workspaceId);
  const row = {
    test: true,
    message: 'Test row from Cash Offer Calculator: your spreadsheet is connected.',
    sentAt: now.toISOString(),
  };
  await refuseWhenUpstreamFails(
    'Google Sheets test',
    (error) => `${integrationMessages.sheetsExportFailed}: ${error.message}`,
    () => postAutomationWebhook(SERVICE, webhook.url, row, webhook.policy),
  );
}
