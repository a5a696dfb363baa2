import { Hono } from 'hono';
import { z } from 'zod';
import { CrmExportRequestSchema, SheetsExportRequestSchema } from '#domain/integrations/export-request-schema.ts';
import { GhlOpportunityStageSchema, GhlSettingsSchema, lastFour } from '#domain/integrations/ghl-settings-schema.ts';
import { sheetsSettingsMessages } from '#domain/integrations/sheets-settings-messages.ts';
import { sheetsSettingsSchema } from '#domain/integrations/sheets-settings-schema.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { assertPublicUrl, userUrlPolicy } from '../http/outbound/outbound-address';
import { validate } from '../http/validate';
import { EXPORT_RATE_LIMIT, limitPerUser, limitPerWorkspace } from '../rate-limit/limit-per-user';
import {
  checkConnection,
  CONNECTION_SERVICES,
  type ConnectionCheck,
  type ConnectionService,
} from './check-connections';
import { exportToGhl } from './export-to-ghl';
import { exportToSheets, testSheetsWebhook } from './export-to-sheets';
import { chooseGhlOpportunityStage, listGhlPipelinesForWorkspace } from './ghl-pipelines';
import {
  readGhlSettings,
  removeGhlOpportunityStage,
  removeGhlSettings,
  saveGhlSettings,
  type StoredGhlSettings,
} from './ghl-settings-store';
import { createSettingsCipher } from './settings-cipher';
import { readSheetsWebhook, removeSheetsWebhook, saveSheetsWebhook } from './sheets-settings-store';
import { testGhlConnection } from './test-ghl-connection';
import { testStripeConnection } from './test-stripe-connection';

/** What the browser may know about the stored credentials: never the key, only its last four characters. */
function settingsView(settings: StoredGhlSettings) {
  if (settings.status !== 'configured') {
    return { configured: false, unreadable: settings.status === 'unreadable', last4: null, locationId: null };
  }
  return { configured: true, unreadable: false, last4: lastFour(settings.apiKey), locationId: settings.locationId };
}

/** A workspace's own spreadsheet webhook as the browser sees it: whether there is one and its host, never the full address (it may carry a secret). */
function sheetsView(webhookUrl: string | null, env: AppContext['env']) {
  return {
    configured: webhookUrl !== null,
    host: webhookUrl === null ? null : new URL(webhookUrl).host,
    operatorWebhook: Boolean(env.SHEETS_WEBHOOK_URL),
  };
}

/**
 * Per user: spreadsheet test rows make the server call out to a webhook a user may have chosen,
 * so one account cannot turn them into a flood (exports: EXPORT_RATE_LIMIT).
 */
export const SHEETS_TEST_RATE_LIMIT = { limit: 10, windowMs: 60_000 } as const;

/**
 * Per user: the connection test and the pipeline list call GoHighLevel with the workspace's key, so
 * one account cannot wear down the workspace's allowance there (counted together; far above a
 * person setting up the connection).
 */
export const GHL_CHECK_RATE_LIMIT = { limit: 20, windowMs: 60_000 } as const;

/**
 * The payment provider test calls Stripe with the site's own secret key, for any member: 5 per user
 * and 10 per workspace every 10 minutes, far above a person checking a configuration, and far below
 * what would wear down the site's own allowance with Stripe.
 */
export const STRIPE_TEST_RATE_LIMIT = {
  perUser: { limit: 5, windowMs: 10 * 60_000 },
  perWorkspace: { limit: 10, windowMs: 10 * 60_000 },
} as const;

// The Connections page is public and each check may call a provider: one check per service
// runs at a time in this process, and its answer is reused for a few seconds.
const CHECK_REUSE_MS = 5_000;

function connectionChecks(context: AppContext) {
  const recent = new Map<ConnectionService, { at: number; check: Promise<ConnectionCheck> }>();
  return (service: ConnectionService) => {
    const cached = recent.get(service);
    if (cached && Date.now() - cached.at < CHECK_REUSE_MS) return cached.check;
    const check = checkConnection(context, service);
    recent.set(service, { at: Date.now(), check });
    check.catch(() => recent.delete(service));
    return check;
  };
}

/**
 * /api/integrations: the Test and Connections pages' checks (spec §2), GoHighLevel credentials,
 * and the CRM and spreadsheet exports (spec §4, §7). Settings are the workspace's: every member
 * reads whether they are set; changing them (and the spreadsheet's test row, which writes to it) is
 * 'manage-workspace'; exporting is 'bulk-send-and-export' (issue 26).
 */
export function integrationsRoutes(context: AppContext) {
  const { db } = context.database;
  const signedIn = requireUser(context);
  const manage = requireRole('manage-workspace');
  const mayExport = requireRole('bulk-send-and-export');
  const cipher = createSettingsCipher(context.serverSecret);
  const runCheck = connectionChecks(context);
  const sheetsSettings = sheetsSettingsSchema({ allowHttp: context.env.ALLOW_PRIVATE_WEBHOOK_URLS });
  const userUrls = userUrlPolicy(context.env);
  const limitExports = limitPerUser(context, 'integrations-export', EXPORT_RATE_LIMIT);
  const limitGhlChecks = limitPerUser(context, 'ghl-checks', GHL_CHECK_RATE_LIMIT);

  return (
    new Hono<{ Variables: AuthVariables }>()
      .get('/connections/:service', validate('param', z.object({ service: z.enum(CONNECTION_SERVICES) })), async (c) =>
        c.json(await runCheck(c.req.valid('param').service)),
      )

      // --- GoHighLevel credentials: per workspace, encrypted at rest, never sent back ---
      .get('/ghl/settings', signedIn, async (c) =>
        c.json(settingsView(await readGhlSettings(db, cipher, c.var.member.workspaceId))),
      )
      .put('/ghl/settings', signedIn, manage, validate('json', GhlSettingsSchema), async (c) => {
        const settings = c.req.valid('json');
        await saveGhlSettings(db, cipher, c.var.member.workspaceId, settings);
        return c.json(settingsView({ status: 'configured', ...settings }));
      })
      .delete('/ghl/settings', signedIn, manage, async (c) => {
        const removed = await removeGhlSettings(db, c.var.member.workspaceId);
        return c.json({ removed });
      })
      .post('/ghl/test', signedIn, limitGhlChecks, async (c) =>
        c.json(await testGhlConnection(context, cipher, c.var.member.workspaceId)),
      )
      // Where exports put the deal: the location's pipelines, listed from GoHighLevel, and the chosen stage.
      .get('/ghl/pipelines', signedIn, limitGhlChecks, async (c) =>
        c.json(await listGhlPipelinesForWorkspace(context, cipher, c.var.member.workspaceId)),
      )
      .put('/ghl/opportunity-stage', signedIn, manage, validate('json', GhlOpportunityStageSchema), async (c) =>
        c.json(await chooseGhlOpportunityStage(context, cipher, c.var.member.workspaceId, c.req.valid('json'))),
      )
      .delete('/ghl/opportunity-stage', signedIn, manage, async (c) =>
        c.json({ removed: await removeGhlOpportunityStage(db, c.var.member.workspaceId) }),
      )

      // --- Exports ---
      .post('/ghl/export', signedIn, mayExport, limitExports, validate('json', CrmExportRequestSchema), async (c) => {
        const result = await exportToGhl(context, cipher, c.var.member, c.req.valid('json'));
        return c.json({ exported: true as const, ...result });
      })
      .post(
        '/sheets/export',
        signedIn,
        mayExport,
        limitExports,
        validate('json', SheetsExportRequestSchema),
        async (c) => {
          await exportToSheets(context, cipher, c.var.member, c.req.valid('json'));
          return c.json({ exported: true as const });
        },
      )

      // --- The workspace's own spreadsheet webhook (issue 14): encrypted at rest, shown only by host ---
      .get('/sheets/settings', signedIn, async (c) =>
        c.json(sheetsView(await readSheetsWebhook(db, cipher, c.var.member.workspaceId), context.env)),
      )
      .put('/sheets/settings', signedIn, manage, validate('json', sheetsSettings), async (c) => {
        const { webhookUrl } = c.req.valid('json');
        // A member's URL may not reach the server's own network (server-side request forgery);
        // checked again at every connection, this says so on the form.
        await assertPublicUrl(webhookUrl, 'webhookUrl', userUrls);
        await saveSheetsWebhook(db, cipher, c.var.member.workspaceId, webhookUrl);
        return c.json(sheetsView(webhookUrl, context.env));
      })
      .delete('/sheets/settings', signedIn, manage, async (c) =>
        c.json({ removed: await removeSheetsWebhook(db, c.var.member.workspaceId) }),
      )
      .post(
        '/sheets/test',
        signedIn,
        manage,
        limitPerUser(context, 'sheets-test', SHEETS_TEST_RATE_LIMIT),
        async (c) => {
          await testSheetsWebhook(context, cipher, c.var.member.workspaceId);
          return c.json({ ok: true as const, detail: sheetsSettingsMessages.testRowSent });
        },
      )

      // --- Payment provider test (Test page, spec §2): a real call with the server's secret key ---
      .post(
        '/stripe/test',
        signedIn,
        limitPerUser(context, 'stripe-test', STRIPE_TEST_RATE_LIMIT.perUser),
        limitPerWorkspace(context, 'stripe-test', STRIPE_TEST_RATE_LIMIT.perWorkspace),
        async (c) => c.json(await testStripeConnection(context)),
      )
  );
}
