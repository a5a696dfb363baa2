import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { startGhlFake, type GhlFake } from '../../../tests/fakes/ghl-fake';
import { createTestApp } from '../../../tests/support/test-app';
import { describeEachDatabase } from '../../../tests/support/test-database';
import { signUpTestUser } from '../../../tests/support/test-users';

const stripeSecretKey = 'sk_test_integrations0000000000000000wxyz';
const resendKey = 're_full_access_key_1234';
const resendSendingOnlyKey = 're_sending_only_key_5678';

/** A small local server answering JSON, recording each request's method, path and authorization. */
async function startJsonServer(answer: (req: IncomingMessage) => { status: number; body: unknown }) {
  const seen: { method?: string; path?: string; authorization?: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method, path: req.url, authorization: req.headers.authorization });
      const { status, body } = answer(req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type JsonServer = Awaited<ReturnType<typeof startJsonServer>>;

/** Stripe's GET /v1/balance as the SDK sees it: bearer secret key, {object: 'balance', livemode}, or its error JSON. */
const stripeAnswer = (req: IncomingMessage) => {
  if (req.headers.authorization !== `Bearer ${stripeSecretKey}`) {
    const shown = (req.headers.authorization ?? '').replace(/^Bearer (sk_\w{5}).*(\w{4})$/, '$1****$2');
    return {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${shown}` } },
    };
  }
  if (req.method === 'GET' && req.url === '/v1/balance')
    return { status: 200, body: { object: 'balance', available: [], pending: [], livemode: false } };
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } },
  };
};

/** Resend's GET /domains: a full-access key lists domains, a sending-only key is refused with restricted_api_key. */
const resendAnswer = (req: IncomingMessage) => {
  if (req.headers.authorization === `Bearer ${resendSendingOnlyKey}`) {
    return {
      status: 401,
      body: { statusCode: 401, name: 'restricted_api_key', message: 'This API key is restricted to only send emails' },
    };
  }
  if (req.headers.authorization !== `Bearer ${resendKey}`)
    return { status: 403, body: { statusCode: 403, name: 'invalid_api_key', message: 'API key is invalid' } };
  return { status: 200, body: { object: 'list', data: [] } };
};

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
  let stripe: JsonServer;
  let resend: JsonServer;
  let ghl: GhlFake;

  beforeAll(async () => {
    [stripe, resend, ghl] = await Promise.all([
      startJsonServer(stripeAnswer),
      startJsonServer(resendAnswer),
      startGhlFake(),
    ]);
  });
  afterAll(() => Promise.all([stripe.close(), resend.close(), ghl.close()]));
  beforeEach(() => {
    stripe.seen.length = 0;
    resend.seen.length = 0;
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
      note: 'E-mails are kept in the built-in outbox and printed to the server log.',
    });
    expect((await app.request('/api/integrations/connections/database')).status).toBe(400);
    expect(stripe.seen).toHaveLength(0);
    expect(resend.seen).toHaveLength(0);
  });

  it('with providers configured: really calls them, and reports success', async () => {
    const app = createTestApp(database(), {
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      RESEND_API_KEY: resendKey,
      RESEND_API_URL: resend.url,
      ...stripeEnv(stripe.url),
    });
    expect((await check(app, 'identity')).body).toMatchObject({
      status: 'connected',
      message: 'Google Client ID configured',
    });
    expect((await check(app, 'payment')).body).toMatchObject({
      status: 'connected',
      message: 'Stripe answered (test mode)',
    });
    expect(stripe.seen).toEqual([{ method: 'GET', path: '/v1/balance', authorization: `Bearer ${stripeSecretKey}` }]);
    expect((await check(app, 'email')).body).toMatchObject({ status: 'connected', message: 'Resend answered' });
    expect(resend.seen).toEqual([{ method: 'GET', path: '/domains', authorization: `Bearer ${resendKey}` }]);

    // Checked again within a few seconds: the answer is reused, the provider not called again.
    await check(app, 'payment');
    expect(stripe.seen).toHaveLength(1);
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
      RESEND_API_KEY: resendKey,
      RESEND_API_URL: 'http://127.0.0.1:1',
      ...stripeEnv('http://127.0.0.1:1'),
    });
    expect((await check(app, 'email')).body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Resend could not be reached/),
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
      code: 'ghl_key_missing',
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
    expect(stripe.seen).toHaveLength(1);

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
});
