import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { startGhlFake, type GhlFake } from '#tests/fakes/ghl-fake.ts';
import { startGoogleOidcFake, type GoogleOidcFake } from '#tests/fakes/google-oidc-fake.ts';
import { startResendFake, type ResendFake } from '#tests/fakes/resend-fake.ts';
import { startStripeFake } from '#tests/fakes/stripe-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { GHL_CHECK_RATE_LIMIT, STRIPE_TEST_RATE_LIMIT } from './integrations-routes';

const stripeSecretKey = 'sk_test_integrations0000000000000000wxyz';
const resendKey = 're_full_access_key_1234';
const resendSendingOnlyKey = 're_sending_only_key_5678';

const stripeEnv = (url: string, secret = stripeSecretKey) => ({
  STRIPE_SECRET_KEY: secret,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_integrations',
  STRIPE_WEBHOOK_SECRET: 'whsec_integrations',
  STRIPE_PERSONAL_PRICE_ID: 'price_personal',
  STRIPE_PRO_PRICE_ID: 'price_pro',
  STRIPE_API_URL: url,
});

const check = async (app: ReturnType<typeof createTestApp>, service: string) => {
  const response = await app.request(`/api/integrations/connections/${service}`);
  return {
    status: response.status,
    text: await response.clone().text(),
    body: (await response.json()) as Record<string, unknown>,
  };
};

describeEachDatabase('connection checks and integration tests', (database) => {
  let stripe: Awaited<ReturnType<typeof startStripeFake>>;
  let resend: ResendFake;
  let ghl: GhlFake;
  let google: GoogleOidcFake;
  // What each provider was asked, as method, path and credentials.
  const seen = (fake: { requests: { method: string; path: string; authorization?: string }[] }) =>
    fake.requests.map(({ method, path, authorization }) => ({ method, path, authorization }));

  beforeAll(async () => {
    [stripe, resend, ghl, google] = await Promise.all([
      startStripeFake({ secretKey: stripeSecretKey }),
      startResendFake({ apiKey: resendKey, sendingOnlyApiKey: resendSendingOnlyKey }),
      startGhlFake(),
      startGoogleOidcFake(),
    ]);
  });
  afterAll(() => Promise.all([stripe.close(), resend.close(), ghl.close(), google.close()]));
  beforeEach(() => {
    stripe.requests.length = 0;
    resend.requests.length = 0;
    ghl.reset();
  });

  it('with nothing configured: the backend is connected and the other three say what is missing', async () => {
    const app = createTestApp(database());
    expect((await check(app, 'backend')).body).toMatchObject({
      service: 'backend',
      status: 'connected',
      message: expect.stringMatching(/^API and database answering/),
    });
    expect((await check(app, 'identity')).body).toMatchObject({
      status: 'error',
      message: 'Google Client ID not configured',
    });
    expect((await check(app, 'payment')).body).toMatchObject({
      status: 'error',
      message: 'Stripe publishable key not configured',
      note: 'Billing runs in demo mode: no payments are taken.',
    });
    expect((await check(app, 'email')).body).toMatchObject({
      status: 'error',
      message: 'Resend API key not configured',
      note: 'E-mails are kept in the built-in outbox, each in a file under DATA_DIR/outbox.',
    });
    expect((await app.request('/api/integrations/connections/database')).status).toBe(400);
    expect(stripe.requests).toHaveLength(0);
    expect(resend.requests).toHaveLength(0);
  });

  it('with providers configured: really calls them, and reports success', async () => {
    const app = createTestApp(database(), {
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'GOCSPX-connections-test',
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
      RESEND_API_KEY: resendKey,
      RESEND_API_URL: resend.url,
      ...stripeEnv(stripe.url),
    });
    expect((await check(app, 'identity')).body).toMatchObject({
      status: 'connected',
      message: `Google sign-in ready (OpenID provider ${google.url})`,
    });
    expect((await check(app, 'payment')).body).toMatchObject({
      status: 'connected',
      message: 'Stripe answered (test mode)',
    });
    expect(seen(stripe)).toEqual([{ method: 'GET', path: '/v1/balance', authorization: `Bearer ${stripeSecretKey}` }]);
    expect((await check(app, 'email')).body).toMatchObject({ status: 'connected', message: 'Resend answered' });
    expect(seen(resend)).toEqual([{ method: 'GET', path: '/domains', authorization: `Bearer ${resendKey}` }]);

    // Checked again within a few seconds: the answer is reused, the provider not called again.
    await check(app, 'payment');
    expect(stripe.requests).toHaveLength(1);
  });

  it('reports refused keys as errors naming the service, never showing the key', async () => {
    const badStripeKey = 'sk_test_wrongwrongwrongwrongwrong1234';
    const app = createTestApp(database(), {
      RESEND_API_KEY: 're_wrong_key_0000',
      RESEND_API_URL: resend.url,
      ...stripeEnv(stripe.url, badStripeKey),
    });
    const payment = await check(app, 'payment');
    expect(payment.body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Stripe answered 401: Invalid API Key provided/),
    });
    expect(payment.text).not.toContain(badStripeKey);
    const email = await check(app, 'email');
    expect(email.body).toMatchObject({ status: 'error', message: 'Resend answered 403: API key is invalid' });
    expect(email.text).not.toContain('re_wrong_key_0000');

    const sendingOnly = createTestApp(database(), { RESEND_API_KEY: resendSendingOnlyKey, RESEND_API_URL: resend.url });
    expect((await check(sendingOnly, 'email')).body).toMatchObject({
      status: 'connected',
      message: 'Resend answered (sending-only API key)',
    });
  });

  it('reports an unreachable provider', async () => {
    const app = createTestApp(database(), {
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'GOCSPX-connections-test',
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:1/.well-known/openid-configuration',
      RESEND_API_KEY: resendKey,
      RESEND_API_URL: 'http://127.0.0.1:1',
      ...stripeEnv('http://127.0.0.1:1'),
    });
    expect((await check(app, 'email')).body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Resend could not be reached/),
    });
    expect((await check(app, 'identity')).body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Google could not be reached/),
    });
    const withoutSecret = createTestApp(database(), { GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' });
    expect((await check(withoutSecret, 'identity')).body).toMatchObject({
      status: 'error',
      message: 'Google Client Secret not configured',
    });
    expect((await check(app, 'payment')).body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Stripe could not be reached/),
    });
  });

  it('tests the GoHighLevel connection with the stored key', async () => {
    const app = createTestApp(database(), { TRUST_PROXY: '1', GHL_API_URL: ghl.url });
    const { headers } = await signUpTestUser(app);
    const json = { ...headers, 'content-type': 'application/json' };

    const missing = await app.request('/api/integrations/ghl/test', { method: 'POST', headers });
    expect(missing.status).toBe(409);
    expect(await missing.json()).toEqual({
      error: 'GoHighLevel API key not found. Please set up your API key first.',
      code: 'ghl-key-missing',
    });
    expect(ghl.requests).toHaveLength(0);

    await app.request('/api/integrations/ghl/settings', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ apiKey: 'pit-test-token-0001', locationId: 'loc-test-0001' }),
    });
    const working = await app.request('/api/integrations/ghl/test', { method: 'POST', headers });
    expect(working.status).toBe(200);
    expect(await working.json()).toEqual({
      message: 'GoHighLevel integration working!',
      detail: 'GoHighLevel accepted the API key for location loc-test-0001 (0 contacts)',
    });
    expect(ghl.requests).toEqual([
      {
        method: 'POST',
        path: '/contacts/search',
        query: {},
        authorization: 'Bearer pit-test-token-0001',
        version: '2021-07-28',
        body: { locationId: 'loc-test-0001', pageLimit: 1 },
        at: expect.any(Number),
      },
    ]);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await app.request('/api/integrations/ghl/settings', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ apiKey: 'pit-test-token-0001', locationId: 'someone-elses' }),
    });
    const forbidden = await app.request('/api/integrations/ghl/test', { method: 'POST', headers });
    expect(forbidden.status).toBe(502);
    expect(await forbidden.json()).toEqual({
      error: 'GoHighLevel test failed: GoHighLevel answered 403: The token does not have access to this location.',
    });
  });

  it('limits GoHighLevel checks per user: 429 before any call, the pipelines list counted too', async () => {
    const app = createTestApp(database(), { TRUST_PROXY: '1', GHL_API_URL: ghl.url });
    const { headers } = await signUpTestUser(app);
    const saved = await app.request('/api/integrations/ghl/settings', {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'pit-test-token-0001', locationId: 'loc-test-0001' }),
    });
    expect(saved.status).toBe(200);
    const pipelines = await app.request('/api/integrations/ghl/pipelines', { headers });
    expect(pipelines.status).toBe(200);
    for (let i = 1; i < GHL_CHECK_RATE_LIMIT.limit; i++) {
      expect((await app.request('/api/integrations/ghl/test', { method: 'POST', headers })).status).toBe(200);
    }
    const calls = ghl.requests.length;

    const limited = await app.request('/api/integrations/ghl/test', { method: 'POST', headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'rate-limited' });
    expect((await app.request('/api/integrations/ghl/pipelines', { headers })).status).toBe(429);
    expect(ghl.requests).toHaveLength(calls);
  });

  it('tests the payment provider with a real call, only when configured', async () => {
    const demo = createTestApp(database(), { TRUST_PROXY: '1' });
    const demoUser = await signUpTestUser(demo);
    const notConfigured = await demo.request('/api/integrations/stripe/test', {
      method: 'POST',
      headers: demoUser.headers,
    });
    expect(notConfigured.status).toBe(409);

    const app = createTestApp(database(), { TRUST_PROXY: '1', ...stripeEnv(stripe.url) });
    const { headers } = await signUpTestUser(app);
    const working = await app.request('/api/integrations/stripe/test', { method: 'POST', headers });
    expect(await working.json()).toEqual({
      message: 'Stripe integration working!',
      detail: 'Stripe answered (test mode)',
    });
    expect(stripe.requests).toHaveLength(1);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const wrong = createTestApp(database(), {
      TRUST_PROXY: '1',
      ...stripeEnv(stripe.url, 'sk_test_wrongwrongwrongwrongwrong1234'),
    });
    const failed = await wrong.request('/api/integrations/stripe/test', { method: 'POST', headers });
    expect(failed.status).toBe(502);
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({
      error: expect.stringMatching(/^Stripe test failed: Stripe answered 401: Invalid API Key provided/),
    });
    expect(text).not.toContain('sk_test_wrongwrongwrongwrongwrong1234');

    expect(
      (
        await app.request('/api/integrations/stripe/test', {
          method: 'POST',
          headers: { origin: 'http://localhost:3000' },
        })
      ).status,
    ).toBe(401);
  });

  it('limits the payment provider test per user and per workspace, calling Stripe no more (issue 37, finding 12)', async () => {
    const app = createTestApp(database(), { TRUST_PROXY: '1', ...stripeEnv(stripe.url) });
    const team = await newTestWorkspace(app, database().db);
    const [first, second] = [await team.join('viewer'), await team.join('acquisitions')];
    const test = async (headers: Record<string, string>) => {
      const response = await app.request('/api/integrations/stripe/test', { method: 'POST', headers });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    };
    const { perUser, perWorkspace } = STRIPE_TEST_RATE_LIMIT;

    // One member presses Test as fast as they can: the server calls Stripe perUser.limit times.
    const byFirst = [];
    for (let i = 0; i < perUser.limit + 3; i++) byFirst.push(await test(first.headers));
    expect(byFirst.map((answer) => answer.status)).toEqual([
      ...Array<number>(perUser.limit).fill(200),
      ...Array<number>(3).fill(429),
    ]);
    expect(byFirst.at(-1)).toEqual({
      status: 429,
      retryAfter: expect.stringMatching(/^\d+$/),
      body: {
        code: 'rate-limited',
        error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
      },
    });
    expect(stripe.requests).toHaveLength(perUser.limit);

    // The team's other members share the workspace's allowance: no more calls than it.
    const byOthers = [];
    for (let i = 0; i < perUser.limit; i++) byOthers.push((await test(second.headers)).status);
    for (let i = 0; i < 3; i++) byOthers.push((await test(team.owner.headers)).status);
    const leftForOthers = perWorkspace.limit - perUser.limit;
    expect(byOthers).toEqual([
      ...Array<number>(leftForOthers).fill(200),
      ...Array<number>(byOthers.length - leftForOthers).fill(429),
    ]);
    expect(stripe.requests).toHaveLength(perWorkspace.limit);

    // Another workspace is not held back by this one.
    const stranger = await signUpTestUser(app);
    expect((await test(stranger.headers)).status).toBe(200);
    expect(stripe.requests).toHaveLength(perWorkspace.limit + 1);
  });
});
