// A public deployment (NODE_ENV=production) without a payment provider sells no paid plan:
// demo billing there would hand out Pro for $0, and with it bulk e-mail through the operator's account.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planMessages } from '#domain/plans/plans.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { createDemoCheckoutToken } from './demo-checkout-token';

type TestUser = Awaited<ReturnType<typeof signUpTestUser>>;

describeEachDatabase('billing in production mode', (database) => {
  const contexts: AppContext[] = [];
  function appWith(env: Record<string, string>) {
    const context = createTestContext(database(), {
      NODE_ENV: 'production',
      // The test app's http://localhost and its log-only outbox, allowed explicitly (issue 25).
      ALLOW_INSECURE_APP_URL: '1',
      EMAIL_OUTBOX_LOG: '1',
      TRUST_PROXY: '1',
      ...env,
    });
    contexts.push(context);
    return { context, app: createApp(context) };
  }
  let production: ReturnType<typeof appWith>;
  beforeAll(() => {
    production = appWith({});
  });
  afterAll(() => Promise.all(contexts.map((context) => context.changeFeed.close())));

  const post = (app: ReturnType<typeof createApp>, path: string, user: TestUser, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  async function planOf(app: ReturnType<typeof createApp>, user: TestUser) {
    const response = await app.request('/api/subscription', { headers: user.headers });
    return ((await response.json()) as { plan: string }).plan;
  }

  it('tells the browser paid plans are unavailable', async () => {
    expect(await (await production.app.request('/api/config')).json()).toMatchObject({ billingMode: 'unavailable' });
  });

  it('refuses checkout with a clear message and grants nothing', async () => {
    const user = await signUpTestUser(production.app);
    const response = await post(production.app, '/api/billing/checkout', user, { plan: 'pro' });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: planMessages.paidPlansUnavailable });
    expect(await planOf(production.app, user)).toBe('free');
  });

  it('refuses to confirm a demo checkout even with a session the server itself signed', async () => {
    const user = await signUpTestUser(production.app);
    const { token } = createDemoCheckoutToken(production.context.serverSecret, {
      userId: user.user.id,
      workspaceId: user.user.id,
      plan: 'pro',
    });
    const confirm = await post(production.app, '/api/billing/demo/confirm', user, { session: token });
    expect(confirm.status).toBe(404);
    const shown = await production.app.request(
      `/api/billing/demo/checkout-session?session=${encodeURIComponent(token)}`,
      { headers: user.headers },
    );
    expect(shown.status).toBe(404);
    expect(await planOf(production.app, user)).toBe('free');
  });

  it('keeps demo billing when the operator turns it on with DEMO_BILLING=1', async () => {
    const staging = appWith({ DEMO_BILLING: '1' });
    expect(await (await staging.app.request('/api/config')).json()).toMatchObject({ billingMode: 'demo' });
    const user = await signUpTestUser(staging.app);
    const response = await post(staging.app, '/api/billing/checkout', user, { plan: 'pro' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { url: string }).url).toMatch(/^\/billing\/demo-checkout\?/);
  });
});
