import { Hono } from 'hono';
import { z } from 'zod';
import { CrmExportRequestSchema, SheetsExportRequestSchema } from '../../domain/integrations/export-request-schema';
import { GhlSettingsSchema, lastFour } from '../../domain/integrations/ghl-settings-schema';
import { integrationMessages } from '../../domain/integrations/integration-messages';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import {
  callStripe,
  checkConnection,
  CONNECTION_SERVICES,
  type ConnectionCheck,
  type ConnectionService,
} from './check-connections';
import { exportToGhl, GhlKeyMissingError } from './export-to-ghl';
import { exportToSheets, SheetsNotConfiguredError } from './export-to-sheets';
import { checkGhlConnection } from './ghl-client';
import { readGhlSettings, removeGhlSettings, saveGhlSettings, type StoredGhlSettings } from './ghl-settings-store';
import { SavedPropertyNotFoundError } from './resolve-export-deal';
import { settingsCipherFor } from './settings-cipher';
import { UpstreamError } from './upstream';

/** What the browser may know about the stored credentials: never the key, only its last four characters. */
function settingsView(settings: StoredGhlSettings) {
  if (settings.status !== 'configured') {
    return { configured: false, unreadable: settings.status === 'unreadable', last4: null, locationId: null };
  }
  return { configured: true, unreadable: false, last4: lastFour(settings.apiKey), locationId: settings.locationId };
}

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

const keyMissing = { error: integrationMessages.ghlKeyNotFound, code: 'ghl_key_missing' } as const;

/** §2 Test and Connections pages, §4 CRM export, §7 CRM and spreadsheet webhooks and CRM contact creation. */
export function integrationsRoutes(context: AppContext) {
  const { db } = context.database;
  const signedIn = requireUser(context);
  const cipher = () => settingsCipherFor(context.auth);
  const runCheck = connectionChecks(context);

  return (
    new Hono<{ Variables: AuthVariables }>()
      .get('/connections/:service', validate('param', z.object({ service: z.enum(CONNECTION_SERVICES) })), async (c) =>
        c.json(await runCheck(c.req.valid('param').service)),
      )

      // --- GoHighLevel credentials: per user, encrypted at rest, never sent back ---
      .get('/ghl/settings', signedIn, async (c) =>
        c.json(settingsView(await readGhlSettings(db, await cipher(), c.var.user.id))),
      )
      .put('/ghl/settings', signedIn, validate('json', GhlSettingsSchema), async (c) => {
        const settings = c.req.valid('json');
        await saveGhlSettings(db, await cipher(), c.var.user.id, settings);
        return c.json(settingsView({ status: 'configured', ...settings }));
      })
      .delete('/ghl/settings', signedIn, async (c) => {
        const removed = await removeGhlSettings(db, c.var.user.id);
        return c.json({ removed });
      })
      .post('/ghl/test', signedIn, async (c) => {
        const settings = await readGhlSettings(db, await cipher(), c.var.user.id);
        if (settings.status !== 'configured') return c.json(keyMissing, 409);
        try {
          const { contactsInLocation } = await checkGhlConnection({ apiUrl: context.env.GHL_API_URL, ...settings });
          const count =
            contactsInLocation === null ? '' : ` (${contactsInLocation} contact${contactsInLocation === 1 ? '' : 's'})`;
          const detail = `GoHighLevel accepted the API key for location ${settings.locationId}${count}`;
          return c.json({ message: integrationMessages.ghlTestPassed, detail });
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          console.warn(`GoHighLevel test failed: ${error.message}`);
          return c.json({ error: `${integrationMessages.ghlTestFailed}: ${error.message}` }, 502);
        }
      })

      // --- Exports ---
      .post('/ghl/export', signedIn, validate('json', CrmExportRequestSchema), async (c) => {
        try {
          const result = await exportToGhl(context, await cipher(), c.var.user.id, c.req.valid('json'));
          return c.json({ exported: true as const, ...result });
        } catch (error) {
          if (error instanceof GhlKeyMissingError) return c.json(keyMissing, 409);
          if (error instanceof SavedPropertyNotFoundError) return c.json({ error: error.message }, 404);
          if (!(error instanceof UpstreamError)) throw error;
          console.warn(`GoHighLevel export failed: ${error.message}`);
          return c.json({ error: `${integrationMessages.ghlExportFailed}: ${error.message}` }, 502);
        }
      })
      .post('/sheets/export', signedIn, validate('json', SheetsExportRequestSchema), async (c) => {
        try {
          await exportToSheets(context, c.var.user.id, c.req.valid('json'));
          return c.json({ exported: true as const });
        } catch (error) {
          if (error instanceof SheetsNotConfiguredError) return c.json({ error: error.message }, 503);
          if (error instanceof SavedPropertyNotFoundError) return c.json({ error: error.message }, 404);
          if (!(error instanceof UpstreamError)) throw error;
          console.warn(`Google Sheets export failed: ${error.message}`);
          return c.json({ error: `${integrationMessages.sheetsExportFailed}: ${error.message}` }, 502);
        }
      })

      // --- Payment provider test (§2 Test page): a real call with the server's secret key ---
      .post('/stripe/test', signedIn, async (c) => {
        const { stripe } = context;
        if (!stripe)
          return c.json({ error: 'Stripe is not configured on this server: billing runs in demo mode' }, 409);
        try {
          const { livemode } = await callStripe(stripe, context.env);
          return c.json({
            message: integrationMessages.stripeTestPassed,
            detail: `Stripe answered (${livemode ? 'live' : 'test'} mode)`,
          });
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          console.warn(`Stripe test failed: ${error.message}`);
          return c.json({ error: `${integrationMessages.stripeTestFailed}: ${error.message}` }, 502);
        }
      })
  );
}
