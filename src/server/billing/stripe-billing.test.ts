// Billing with a payment provider: the real SDK against the local fake of its HTTP API
// (tests/fakes/stripe-fake.ts), and events signed with the SDK's own test-header helper.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { startStripeFake, type StripeFake } from '#tests/fakes/stripe-fake.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser, TEST_ORIGIN } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { billingEvents, subscriptions } from '../db/schema';

type TestUser = Awaited<ReturnType<typeof signUpTestUser>>;

describeEachDatabase('billing with the payment provider', (database) => {
  let fake: StripeFake;
  let context: AppContext;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    fake = await startStripeFake();
    context = createTestContext(database(), { TRUST_PROXY: '1', ...fake.env });
    app = createApp(context);
    fake.setWebhook(({ payload, signature }) => postWebhook(payload, signature));
  });
  afterEach(async () => {
    await fake.settled();
    if (vi.isMockFunction(console.warn)) vi.mocked(console.warn).mockRestore();
  });
  afterAll(async () => {
    await fake?.close();
    await context?.changeFeed.close();
  });

  // The provider posts JSON with its signature header and no browser headers (no Origin).
  async function postWebhook(payload: string, signature?: string) {
    return app.request('/api/billing/stripe-webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
      body: payload,
    });
  }
  function post(path: string, user: TestUser, body?: unknown) {
    return app.request(path, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }
  async function planOf(user: TestUser) {
    const response = await app.request('/api/subscription', { headers: user.headers });
    return (await response.json()) as { plan: string; currentPeriodEnd: string | null; limit: number | null };
  }
  async function rowOf(user: TestUser) {
    const [row] = await database().db.select().from(subscriptions).where(eq(subscriptions.workspaceId, user.user.id));
    return row!;
  }
  async function checkout(user: TestUser, plan: string) {
    const response = await post('/api/billing/checkout', user, { plan });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    return url;
  }
  const sessionIdOf = (url: string) => url.split('/').at(-1)!;

  /** A new user who has bought `plan`, with every event delivered. */
  async function payingUser(plan: 'personal' | 'pro') {
    const user = await signUpTestUser(app);
    const { subscription } = fake.completeCheckout(sessionIdOf(await checkout(user, plan)));
    await fake.settled();
    expect((await planOf(user)).plan).toBe(plan);
    return { user, subscription };
  }

  it('says billing is the provider in the public configuration', async () => {
    const response = await app.request('/api/config');
    expect(await response.json()).toMatchObject({ billingMode: 'stripe', stripePublishableKey: fake.publishableKey });
  });

  it("creates a checkout session for the plan's price, the user as client reference and their own customer, reused next time", async () => {
    const user = await signUpTestUser(app);
    const before = fake.requests.length;

    const url = await checkout(user, 'pro');
    expect(url).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
    const [createCustomer, createSession] = fake.requests.slice(before);
    expect(createCustomer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      authorization: `Bearer ${fake.secretKey}`,
      body: { email: user.user.email, metadata: { userId: user.user.id } },
    });
    const customerId = (await rowOf(user)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    expect(createSession).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      body: {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.user.id,
        line_items: [{ price: fake.prices.pro.id, quantity: '1' }],
        success_url: 'http://localhost:3000/saved?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/wholesalers?checkout=canceled',
      },
    });

    // Asking for a checkout grants nothing.
    expect((await planOf(user)).plan).toBe('free');

    const again = fake.requests.length;
    await checkout(user, 'personal');
    const next = fake.requests.slice(again);
    expect(next.map((request) => request.path)).toEqual(['/v1/checkout/sessions']);
    expect(next[0]?.body).toMatchObject({ customer: customerId, line_items: [{ price: fake.prices.personal.id }] });
  });

  it('grants the plan and its period end only when the signed event arrives', async () => {
    const user = await signUpTestUser(app);
    const { subscription, events } = fake.completeCheckout(sessionIdOf(await checkout(user, 'pro')), { send: false });
    // Paid, and the browser is back on the success URL: still free until the provider says so.
    expect((await planOf(user)).plan).toBe('free');

    for (const event of events) {
      const { payload, signature } = fake.sign(event);
      const response = await postWebhook(payload, signature);
      expect(response.status).toBe(200);
    }
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString();
    expect(await planOf(user)).toMatchObject({ plan: 'pro', limit: null, currentPeriodEnd: periodEnd });
    expect(await rowOf(user)).toMatchObject({ stripeSubscriptionId: subscription.id });
  });

  it('refuses an event with a wrong, missing or mismatched signature with 400 and changes nothing', async () => {
    const user = await signUpTestUser(app);
    const { events } = fake.completeCheckout(sessionIdOf(await checkout(user, 'pro')), { send: false });
    const completed = events[1]!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const wrongSecret = fake.sign(completed, 'whsec_not_the_right_one');
    const tampered = fake.sign(completed);
    const attempts = [
      await postWebhook(wrongSecret.payload, wrongSecret.signature),
      await postWebhook(tampered.payload),
      await postWebhook(
        tampered.payload.replace(fake.prices.pro.id, fake.prices.personal.id) + ' ',
        tampered.signature,
      ),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Invalid signature' });
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect((await planOf(user)).plan).toBe('free');
    expect(await database().db.select().from(billingEvents).where(eq(billingEvents.id, completed.id))).toEqual([]);
  });

  it('applies a replayed event once: the second delivery changes nothing and asks the provider nothing', async () => {
    const user = await signUpTestUser(app);
    const { events } = fake.completeCheckout(sessionIdOf(await checkout(user, 'pro')), { send: false });
    const completed = fake.sign(events[1]!);
    expect(await (await postWebhook(completed.payload, completed.signature)).json()).toEqual({
      received: true,
      outcome: 'applied',
    });
    expect((await planOf(user)).plan).toBe('pro');

    // Something else set the row since (support staff, say); the replay must not undo it.
    await database()
      .db.update(subscriptions)
      .set({ plan: 'personal' })
      .where(eq(subscriptions.workspaceId, user.user.id));
    const requestsBefore = fake.requests.length;
    const replay = await postWebhook(completed.payload, completed.signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(fake.requests.length).toBe(requestsBefore);
    expect((await planOf(user)).plan).toBe('personal');
  });

  it('ends with the newest state when events arrive out of order', async () => {
    // Bought, then cancelled; the cancellation's event arrives first, the purchase's after it.
    const user = await signUpTestUser(app);
    const { subscription, events: purchase } = fake.completeCheckout(sessionIdOf(await checkout(user, 'pro')), {
      send: false,
    });
    fake.advanceClock(60);
    const { event: cancellation } = fake.cancelSubscription(subscription.id, { send: false });
    for (const event of [cancellation, ...purchase]) expect((await fake.deliver(event)).status).toBe(200);
    expect(await planOf(user)).toMatchObject({ plan: 'free', currentPeriodEnd: null });

    // Bought personal, changed to pro; the change arrives before the purchase.
    const other = await signUpTestUser(app);
    const bought = fake.completeCheckout(sessionIdOf(await checkout(other, 'personal')), { send: false });
    fake.advanceClock(60);
    const { event: change } = fake.changeSubscriptionPrice(bought.subscription.id, fake.prices.pro.id, { send: false });
    for (const event of [change, ...bought.events]) await fake.deliver(event);
    expect((await planOf(other)).plan).toBe('pro');
  });

  it('changes the plan of a paying customer on their subscription, through the provider’s confirmation page', async () => {
    const { user, subscription } = await payingUser('personal');
    const before = fake.requests.length;

    const url = await checkout(user, 'pro');
    expect(url).toMatch(new RegExp(`^${fake.url}/billing_portal/bps_`));
    const portal = fake.requests.slice(before).find((request) => request.path === '/v1/billing_portal/sessions');
    expect(portal?.body).toMatchObject({
      customer: (await rowOf(user)).stripeCustomerId,
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: subscription.id,
          items: [{ id: subscription.items.data[0]!.id, price: fake.prices.pro.id }],
        },
        after_completion: {
          type: 'redirect',
          redirect: { return_url: 'http://localhost:3000/saved?checkout=success' },
        },
      },
    });
    expect(fake.requests.slice(before).some((request) => request.path === '/v1/checkout/sessions')).toBe(false);

    // The customer confirms on the provider's page; its update event grants pro.
    fake.changeSubscriptionPrice(subscription.id, fake.prices.pro.id);
    await fake.settled();
    expect((await planOf(user)).plan).toBe('pro');
  });

  it('cancels the older subscription when a second checkout finishes, so the customer pays once', async () => {
    const user = await signUpTestUser(app);
    const first = await checkout(user, 'personal');
    const second = await checkout(user, 'pro');
    const { subscription: older } = fake.completeCheckout(sessionIdOf(first));
    await fake.settled();
    const { subscription: newer } = fake.completeCheckout(sessionIdOf(second));
    await fake.settled();

    expect(fake.subscriptions.get(older.id)?.status).toBe('canceled');
    expect(fake.subscriptions.get(newer.id)?.status).toBe('active');
    // The older one's cancellation event came too, and did not end the newer plan.
    expect(fake.deliveries.filter((delivery) => delivery.type === 'customer.subscription.deleted').at(-1)?.status).toBe(
      200,
    );
    expect((await planOf(user)).plan).toBe('pro');
  });

  it('ends the plan when the subscription is cancelled at the provider (its portal)', async () => {
    const { user, subscription } = await payingUser('pro');
    fake.cancelSubscription(subscription.id);
    await fake.settled();
    expect(await planOf(user)).toMatchObject({ plan: 'free', currentPeriodEnd: null });
  });

  it('refuses the plan the user already has, free as a checkout, and a signed-out visitor', async () => {
    const { user } = await payingUser('pro');
    const already = await post('/api/billing/checkout', user, { plan: 'pro' });
    expect(already.status).toBe(409);
    expect(await already.json()).toEqual({ error: 'You are already on the Pro plan' });

    const free = await post('/api/billing/checkout', user, { plan: 'free' });
    expect(free.status).toBe(400);
    expect(await free.json()).toMatchObject({ error: 'Invalid plan: free' });

    const anonymous = await app.request('/api/billing/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ plan: 'pro' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("shows the provider's own message when it refuses a checkout, and the fallback 'Error updating subscription' (spec §8) when our key is wrong", async () => {
    const user = await signUpTestUser(app);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.failNext(
      { status: 400, message: 'Your account cannot currently make live charges.' },
      { path: '/v1/checkout/sessions' },
    );
    const refused = await post('/api/billing/checkout', user, { plan: 'pro' });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ error: 'Your account cannot currently make live charges.' });
    expect(warn).toHaveBeenCalled();

    // A wrong key is the operator's fault: logged as an error, and the user sees the fallback.
    vi.mocked(console.error).mockImplementation(() => {});
    fake.failNext(
      { status: 401, message: 'Invalid API Key provided: sk_test_****' },
      { path: '/v1/checkout/sessions' },
    );
    const unauthorised = await post('/api/billing/checkout', user, { plan: 'pro' });
    expect(await unauthorised.json()).toEqual({ error: 'Error updating subscription' });
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it("opens the provider's customer portal for a paying user, back to /saved", async () => {
    const { user } = await payingUser('personal');
    const response = await post('/api/billing/portal', user);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${fake.url}/billing_portal/bps_`));
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: { customer: (await rowOf(user)).stripeCustomerId, return_url: 'http://localhost:3000/saved' },
    });

    const newcomer = await signUpTestUser(app);
    const none = await post('/api/billing/portal', newcomer);
    expect(none.status).toBe(409);
  });

  it('cancels the subscription at the provider on Downgrade to Free, then the row is free (spec §4)', async () => {
    const { user, subscription } = await payingUser('pro');
    const response = await post('/api/subscription/free', user);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ plan: 'free', currentPeriodEnd: null });
    expect(
      fake.requests.some(
        (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscription.id}`,
      ),
    ).toBe(true);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('canceled');

    // The provider's cancellation event follows and agrees.
    await fake.settled();
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', status: 200 });
    expect((await planOf(user)).plan).toBe('free');

    // Downgrading again does not ask the provider to cancel an ended subscription.
    const deletesBefore = fake.requests.filter((request) => request.method === 'DELETE').length;
    expect((await post('/api/subscription/free', user)).status).toBe(200);
    expect(fake.requests.filter((request) => request.method === 'DELETE').length).toBe(deletesBefore);
  });

  it('keeps the plan when the provider refuses to cancel, and says so', async () => {
    const { user, subscription } = await payingUser('personal');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.failNext({ status: 400, message: 'Something is wrong with this subscription' }, { method: 'DELETE' });
    const response = await post('/api/subscription/free', user);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'Error downgrading subscription' });
    expect((await planOf(user)).plan).toBe('personal');
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('active');
  });

  it('answers 503 (so the provider retries) when the object cannot be read back, and applies the retry', async () => {
    const user = await signUpTestUser(app);
    const { events } = fake.completeCheckout(sessionIdOf(await checkout(user, 'pro')), { send: false });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.failNext({ status: 400, message: 'temporarily unavailable' }, { method: 'GET' });
    expect((await fake.deliver(events[1]!)).status).toBe(503);
    expect((await planOf(user)).plan).toBe('free');
    expect((await fake.deliver(events[1]!)).status).toBe(200);
    expect((await planOf(user)).plan).toBe('pro');
  });

  it('records an event for a customer it does not know, and changes nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const customerId = `cus_unknown_${Date.now()}`;
    fake.customers.set(customerId, { id: customerId, object: 'customer' });
    const session = fake.checkoutSessions;
    // A checkout made elsewhere (the provider's dashboard) for a customer of no user here.
    const response = await fetch(`${fake.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        mode: 'subscription',
        customer: customerId,
        success_url: 'http://x/',
        'line_items[0][price]': fake.prices.pro.id,
      }),
    });
    const { id } = (await response.json()) as { id: string };
    expect(session.has(id)).toBe(true);
    const { events } = fake.completeCheckout(id, { send: false });
    for (const event of events) expect(JSON.parse((await fake.deliver(event)).body)).toMatchObject({ received: true });
    expect(warn).toHaveBeenCalled();
  });

  it('keeps demo billing out of reach', async () => {
    const user = await signUpTestUser(app);
    const session = await app.request('/api/billing/demo/checkout-session?session=anything', { headers: user.headers });
    expect(session.status).toBe(404);
    const confirm = await post('/api/billing/demo/confirm', user, { session: 'anything' });
    expect(confirm.status).toBe(404);
    expect(await checkout(user, 'pro')).not.toContain('demo');
  });
});
