import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sheetsSettingsMessages } from '#domain/integrations/sheets-settings-messages.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { startWebhookFake } from '#tests/fakes/webhook-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser, TEST_ORIGIN } from '#tests/support/test-users.ts';
import { wholesalerSettings } from '../db/schema';
import { outboundAddressMessages } from '../http/outbound/outbound-address';
import { SHEETS_WEBHOOK_SETTING } from './sheets-settings-store';

type TestApp = ReturnType<typeof createTestApp>;
type Fake = Awaited<ReturnType<typeof startWebhookFake>>;

const calculation = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: defaultRepairCatalog,
  template: defaultTemplate,
};
const exportBody = {
  source: { kind: 'calculation', calculation },
  contact: {
    name: 'Mary Lee',
    email: 'mary@example.com',
    phone: '512-555-0100',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  },
};

const send = (app: TestApp, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  app.request(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describeEachDatabase('each wholesaler’s own spreadsheet webhook', (database) => {
  let own: Fake;
  let operator: Fake;
  let app: TestApp;
  beforeAll(async () => {
    own = await startWebhookFake();
    operator = await startWebhookFake();
    // The test allowance: users' webhooks may be the local fakes (plain http on this machine).
    app = createTestApp(database(), { SHEETS_WEBHOOK_URL: operator.url, ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
  });
  afterAll(async () => {
    await own.close();
    await operator.close();
  });

  const stored = (userId: string) =>
    database()
      .db.select()
      .from(wholesalerSettings)
      .where(
        and(eq(wholesalerSettings.workspaceId, userId), eq(wholesalerSettings.settingName, SHEETS_WEBHOOK_SETTING)),
      );

  it('sends a user’s rows and test row to their own webhook before the operator’s, kept encrypted and shown by host', async () => {
    const { headers, user } = await signUpTestUser(app);
    expect(await (await send(app, 'GET', '/api/integrations/sheets/settings', headers)).json()).toEqual({
      configured: false,
      host: null,
      operatorWebhook: true,
    });
    const saved = await send(app, 'PUT', '/api/integrations/sheets/settings', headers, {
      webhookUrl: `${own.url}?key=s3cret`,
    });
    expect(saved.status).toBe(200);
    const view = await saved.json();
    expect(view).toEqual({ configured: true, host: new URL(own.url).host, operatorWebhook: true });
    expect(JSON.stringify(view)).not.toContain('s3cret');
    const [row] = await stored(user.id);
    expect(row?.settingValue).not.toContain('s3cret');

    const tested = await send(app, 'POST', '/api/integrations/sheets/test', headers);
    expect(await tested.json()).toEqual({ ok: true, detail: sheetsSettingsMessages.testRowSent });
    expect(own.requests.at(-1)?.body).toMatchObject({ test: true });
    expect(own.requests.at(-1)?.path).toBe('/hook?key=s3cret');

    const before = operator.requests.length;
    expect((await send(app, 'POST', '/api/integrations/sheets/export', headers, exportBody)).status).toBe(200);
    expect(own.requests.at(-1)?.body).toMatchObject({ address: '12 Oak St, Austin, TX' });
    expect(operator.requests).toHaveLength(before);

    // Another user still exports to the operator's webhook.
    const other = await signUpTestUser(app);
    expect((await send(app, 'POST', '/api/integrations/sheets/export', other.headers, exportBody)).status).toBe(200);
    expect(operator.requests).toHaveLength(before + 1);

    expect(await (await send(app, 'DELETE', '/api/integrations/sheets/settings', headers)).json()).toEqual({
      removed: true,
    });
    expect(await stored(user.id)).toEqual([]);
  });

  it('refuses a malformed or non-https address and anonymous callers, storing nothing', async () => {
    const strict = createTestApp(database(), {});
    const { headers, user } = await signUpTestUser(strict);
    for (const webhookUrl of [
      '',
      'http://hooks.example.com/x',
      'ftp://hooks.example.com',
      'https://u:p@hooks.example.com',
    ]) {
      const refused = await send(strict, 'PUT', '/api/integrations/sheets/settings', headers, { webhookUrl });
      expect(refused.status).toBe(400);
    }
    expect(
      (await send(strict, 'PUT', '/api/integrations/sheets/settings', {}, { webhookUrl: 'https://a.example' })).status,
    ).toBe(401);
    expect(await stored(user.id)).toEqual([]);
  });

  it('in production, never lets a user’s webhook reach the server’s own network', async () => {
    const production = createTestApp(database(), {
      NODE_ENV: 'production',
      APP_URL: TEST_ORIGIN,
      ALLOW_INSECURE_APP_URL: '1',
      EMAIL_OUTBOX_LOG: '1',
    });
    const { headers, user } = await signUpTestUser(production);
    for (const webhookUrl of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/hook',
      'https://10.0.0.5/hook',
    ]) {
      const refused = await send(production, 'PUT', '/api/integrations/sheets/settings', headers, { webhookUrl });
      expect(refused.status, webhookUrl).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: outboundAddressMessages.privateAddress,
        field: 'webhookUrl',
      });
    }
    expect(await stored(user.id)).toEqual([]);
  });
});
