import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { sheetsSettingsMessages } from '#domain/integrations/sheets-settings-messages.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser, TEST_ORIGIN } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import { wholesalerSettings } from '../db/schema';
import { outboundAddressMessages } from '../http/outbound/outbound-address';
import { EXPORT_RATE_LIMIT } from '../rate-limit/limit-per-user';
import { SHEETS_TEST_RATE_LIMIT } from './integrations-routes';
import { createSettingsCipher } from './settings-cipher';
import { saveSheetsWebhook } from './sheets-settings-store';

type TestApp = ReturnType<typeof createApp>;

const exportBody = {
  source: {
    kind: 'calculation',
    calculation: {
      address: '12 Oak St, Austin, TX',
      marketValue: 200000,
      repairs: defaultRepairCatalog,
      template: defaultTemplate,
    },
  },
  contact: {
    name: 'Mary Lee',
    email: 'mary@example.com',
    phone: '512-555-0100',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  },
};
const couldNotBeReached = `${integrationMessages.sheetsExportFailed}: The spreadsheet webhook could not be reached`;
// A public deployment (NODE_ENV=production) with only what it needs to start in a test.
const production = {
  TRUST_PROXY: '1',
  NODE_ENV: 'production',
  APP_URL: TEST_ORIGIN,
  ALLOW_INSECURE_APP_URL: '1',
  EMAIL_OUTBOX_LOG: '1',
};

const send = (app: TestApp, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  app.request(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** What the server logged about failed spreadsheet calls (the only place a failure's details go). */
function spyOnWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  warn.mockClear();
  return () => warn.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
}

describeEachDatabase(
  'a user’s spreadsheet webhook is held to the outbound policy (issue 25, finding 2)',
  (database) => {
    let own: WebhookFake;
    let target: WebhookFake;
    // The test allowance (ALLOW_PRIVATE_WEBHOOK_URLS): loopback fakes stand in for public hosts.
    let app: TestApp;
    beforeAll(async () => {
      [own, target] = await Promise.all([startWebhookFake(), startWebhookFake()]);
      app = createApp(createTestContext(database(), { TRUST_PROXY: '1', ALLOW_PRIVATE_WEBHOOK_URLS: '1' }));
    });
    afterAll(() => Promise.all([own.close(), target.close()]));
    beforeEach(() => {
      own.reset();
      target.reset();
    });

    async function userWithWebhook(webhookUrl = own.url) {
      const signedIn = await signUpTestUser(app);
      const saved = await send(app, 'PUT', '/api/integrations/sheets/settings', signedIn.headers, { webhookUrl });
      expect(saved.status).toBe(200);
      return signedIn;
    }

    it('exports through a Google Apps Script /exec: the POST’s 302 is followed with a GET, as browsers do', async () => {
      own.redirectLikeAppsScript();
      const { headers } = await userWithWebhook();
      const exported = await send(app, 'POST', '/api/integrations/sheets/export', headers, exportBody);
      expect(exported.status).toBe(200);
      expect(await exported.json()).toEqual({ exported: true });
      expect(own.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'POST /hook',
        'GET /macros/echo?user_content_key=fake-key&lib=fake',
      ]);
      expect(own.requests[0]?.body).toMatchObject({ address: '12 Oak St, Austin, TX', firstName: 'Mary' });

      own.reset();
      own.redirectLikeAppsScript();
      const tested = await send(app, 'POST', '/api/integrations/sheets/test', headers);
      expect(await tested.json()).toEqual({ ok: true, detail: sheetsSettingsMessages.testRowSent });
      expect(own.requests.map(({ method }) => method)).toEqual(['POST', 'GET']);
    });

    it('refuses a redirect to a private address and posts nothing there, saying only that the webhook could not be reached', async () => {
      // The target listens on 127.0.0.1, which its IPv4-mapped form reaches (a plain fetch shows it):
      // only the check stands between the redirect and the target.
      const mapped = `http://[::ffff:127.0.0.1]:${new URL(target.url).port}/steal`;
      expect((await fetch(mapped, { method: 'POST', body: 'probe' })).status).toBe(200);
      target.reset();
      const { headers } = await userWithWebhook();
      const logged = spyOnWarnings();

      for (const [location, status] of [
        [mapped, 307],
        [mapped, 302],
        ['http://169.254.169.254/latest/meta-data/iam/security-credentials/', 302],
        ['http://10.0.0.1/admin', 307],
        ['http://[64:ff9b::a9fe:a9fe]/latest/meta-data/', 307],
        ['http://[fd00::1]/', 308],
      ] as const) {
        own.reset();
        own.redirectTo(location, status);
        const refused = await send(app, 'POST', '/api/integrations/sheets/export', headers, exportBody);
        expect(refused.status, location).toBe(502);
        expect(await refused.json()).toEqual({ error: couldNotBeReached });
        expect(own.requests, location).toHaveLength(1);
      }
      expect(target.requests).toHaveLength(0);
      // Refused before connecting (not a timeout or a refused connection): the cause is in the log.
      expect(logged().match(/is not a public address/g)).toHaveLength(6);
    });

    it('tells the user the status but never the answer’s text; the log has it', async () => {
      const { headers } = await userWithWebhook();
      const logged = spyOnWarnings();
      own.failWith(500, `internal: db password hunter2 at 10.0.0.7:5432 ${'x'.repeat(100_000)}`);
      const failed = await send(app, 'POST', '/api/integrations/sheets/export', headers, exportBody);
      expect(failed.status).toBe(502);
      const text = await failed.text();
      expect(JSON.parse(text)).toEqual({
        error: `${integrationMessages.sheetsExportFailed}: The spreadsheet webhook answered 500`,
      });
      expect(text).not.toContain('hunter2');
      expect(logged()).toContain('hunter2');
    });

    it('gives a user’s webhook no port-scan oracle: no error code in the answer, only in the log', async () => {
      const closed = await startWebhookFake();
      await closed.close();
      const { headers } = await userWithWebhook(closed.url);
      const logged = spyOnWarnings();
      const failed = await send(app, 'POST', '/api/integrations/sheets/test', headers);
      expect(failed.status).toBe(502);
      const text = await failed.text();
      expect(JSON.parse(text)).toEqual({ error: couldNotBeReached });
      expect(text).not.toMatch(/ECONN|127\.0\.0\.1/);
      expect(logged()).toContain('ECONNREFUSED');
    });

    it('follows no more than 3 redirects', async () => {
      const { headers } = await userWithWebhook();
      spyOnWarnings();
      own.redirectTo(own.url, 307);
      const failed = await send(app, 'POST', '/api/integrations/sheets/export', headers, exportBody);
      expect(await failed.json()).toEqual({ error: couldNotBeReached });
      expect(own.requests).toHaveLength(4);
    });

    it('in production, refuses to save NAT64, 6to4, IPv4-compatible, site-local and discard addresses, and other ports', async () => {
      const strict = createApp(createTestContext(database(), production));
      const { headers, user } = await signUpTestUser(strict);
      const refusals: [string, string][] = [
        ['https://[64:ff9b::7f00:1]/hook', outboundAddressMessages.privateAddress],
        ['https://[64:ff9b::a9fe:a9fe]/latest/meta-data/', outboundAddressMessages.privateAddress],
        ['https://[2002:7f00:1::]/hook', outboundAddressMessages.privateAddress],
        ['https://[::127.0.0.1]/hook', outboundAddressMessages.privateAddress],
        ['https://[::ffff:169.254.169.254]/hook', outboundAddressMessages.privateAddress],
        ['https://[fec0::1]/hook', outboundAddressMessages.privateAddress],
        ['https://[100::1]/hook', outboundAddressMessages.privateAddress],
        ['https://[2001::1]/hook', outboundAddressMessages.privateAddress],
        ['https://100.100.100.200/hook', outboundAddressMessages.privateAddress],
        ['https://0x7f000001/hook', outboundAddressMessages.privateAddress],
        ['https://localhost/hook', outboundAddressMessages.privateAddress],
        ['https://hooks.example.com:8443/hook', outboundAddressMessages.notHttpsOn443],
        ['https://93.184.216.34:22/hook', outboundAddressMessages.notHttpsOn443],
      ];
      for (const [webhookUrl, message] of refusals) {
        const refused = await send(strict, 'PUT', '/api/integrations/sheets/settings', headers, { webhookUrl });
        expect(refused.status, webhookUrl).toBe(400);
        expect(await refused.json(), webhookUrl).toMatchObject({ error: message, field: 'webhookUrl' });
      }
      const rows = await database()
        .db.select()
        .from(wholesalerSettings)
        .where(eq(wholesalerSettings.workspaceId, user.id));
      expect(rows).toEqual([]);
    });

    it('in production, checks a stored address again when it is used, and sends nothing to a private one', async () => {
      // A row saved before these checks, or a name that resolved elsewhere when it was saved.
      const context = createTestContext(database(), production);
      const strict = createApp(context);
      const { headers, user } = await signUpTestUser(strict);
      await saveSheetsWebhook(database().db, createSettingsCipher(context.serverSecret), user.id, own.url);
      const logged = spyOnWarnings();

      const exported = await send(strict, 'POST', '/api/integrations/sheets/export', headers, exportBody);
      expect(exported.status).toBe(502);
      expect(await exported.json()).toEqual({ error: couldNotBeReached });
      const tested = await send(strict, 'POST', '/api/integrations/sheets/test', headers);
      expect(await tested.json()).toEqual({ error: couldNotBeReached });
      expect(own.requests).toHaveLength(0);
      expect(logged()).toContain('is not https on port 443');
      expect(logged()).not.toContain('/hook');
    });

    it('limits the test row per user: 429 with a clear message, and nothing more is sent', async () => {
      const { headers } = await userWithWebhook();
      for (let i = 0; i < SHEETS_TEST_RATE_LIMIT.limit; i++) {
        expect((await send(app, 'POST', '/api/integrations/sheets/test', headers)).status).toBe(200);
      }
      const limited = await send(app, 'POST', '/api/integrations/sheets/test', headers);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({
        error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
        code: 'rate-limited',
      });
      expect(own.requests).toHaveLength(SHEETS_TEST_RATE_LIMIT.limit);

      // Another user is not held back.
      const other = await userWithWebhook();
      expect((await send(app, 'POST', '/api/integrations/sheets/test', other.headers)).status).toBe(200);
    });

    it('limits exports per user, counting refused requests too, across the spreadsheet and CRM exports', async () => {
      const { headers } = await userWithWebhook();
      for (let i = 0; i < EXPORT_RATE_LIMIT.limit; i++) {
        const path = i % 2 === 0 ? '/api/integrations/sheets/export' : '/api/integrations/ghl/export';
        expect((await send(app, 'POST', path, headers, { source: null })).status).toBe(400);
      }
      for (const path of ['/api/integrations/sheets/export', '/api/integrations/ghl/export']) {
        const limited = await send(app, 'POST', path, headers, exportBody);
        expect(limited.status, path).toBe(429);
        expect(await limited.json()).toMatchObject({ code: 'rate-limited', error: expect.stringMatching(/^Too many/) });
      }
      expect(own.requests).toHaveLength(0);

      const other = await userWithWebhook();
      expect((await send(app, 'POST', '/api/integrations/sheets/export', other.headers, exportBody)).status).toBe(200);
      expect(own.requests).toHaveLength(1);
    });
  },
);
