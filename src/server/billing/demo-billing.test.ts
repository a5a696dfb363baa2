// Demo billing: no payment provider configured, so checkout is the app's own demo page, and
// confirming it applies the plan through the same path as a provider event.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import type { WorkspaceChange } from '../events/workspace-change-feed';

type TestUser = Awaited<ReturnType<typeof signUpTestUser>>;

describeEachDatabase('demo billing', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1' });
    app = createApp(context);
    api = typedClient(app);
  });
  afterAll(() => context.changeFeed.close());

  /** Posts a body the route's type does not check (a tampered or made-up session) as it is. */
  function postRaw(path: string, user: TestUser, body?: unknown) {
    return app.request(path, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }
  const checkout = (user: TestUser, plan: string) =>
    api.billing.checkout.$post({ json: { plan } }, asBrowser(user.headers));
  const confirm = (user: TestUser, session: string) =>
    api.billing.demo.confirm.$post({ json: { session } }, asBrowser(user.headers));
  const checkoutSession = (user: TestUser, session: string) =>
    api.billing.demo['checkout-session'].$get({ query: { session } }, asBrowser(user.headers));
  async function planOf(user: TestUser) {
    return (await (await api.subscription.$get({}, asBrowser(user.headers))).json()).plan;
  }
  async function demoSession(user: TestUser, plan: string) {
    const response = await checkout(user, plan);
    const { url } = await bodyAt(response, 200);
    const parsed = new URL(url, 'http://localhost:3000');
    expect(parsed.pathname).toBe('/billing/demo-checkout');
    expect(parsed.searchParams.get('plan')).toBe(plan);
    return parsed.searchParams.get('session')!;
  }

  it('says billing is the demo in the public configuration', async () => {
    expect(await (await api.config.$get()).json()).toMatchObject({
      billingMode: 'demo',
      stripePublishableKey: null,
    });
  });

  it('sends checkout to the demo page, and confirming it grants the plan once, announced live', async () => {
    const user = await signUpTestUser(app);
    const session = await demoSession(user, 'pro');

    const shown = await checkoutSession(user, session);
    expect(await shown.json()).toMatchObject({ plan: 'pro', planName: 'Pro', completed: false });
    expect(await planOf(user)).toBe('free');

    const changes: WorkspaceChange[] = [];
    const unsubscribe = await context.changeFeed.subscribe(
      { workspaceId: user.user.id, userId: user.user.id },
      (change) => changes.push(change),
    );
    const confirmed = await confirm(user, session);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ plan: 'pro', planName: 'Pro', alreadyCompleted: false });
    expect(await planOf(user)).toBe('pro');
    await expect.poll(() => changes).toContainEqual({ workspaceId: user.user.id, table: 'subscriptions' });
    unsubscribe();

    // Back to free; the same confirmation again (a second click, the back button) grants nothing.
    expect((await api.subscription.free.$post({}, asBrowser(user.headers))).status).toBe(200);
    const again = await confirm(user, session);
    expect(await again.json()).toMatchObject({ alreadyCompleted: true });
    expect(await planOf(user)).toBe('free');
    const after = await checkoutSession(user, session);
    expect(await after.json()).toMatchObject({ completed: true });
  });

  it("refuses another user's, an altered and a made-up session", async () => {
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    const session = await demoSession(owner, 'personal');
    const [payload, signature] = session.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const altered = `${Buffer.from(JSON.stringify({ ...decoded, plan: 'pro' })).toString('base64url')}.${signature}`;

    for (const [user, token] of [
      [other, session],
      [owner, altered],
      [owner, 'made-up'],
    ] as const) {
      const response = await postRaw('/api/billing/demo/confirm', user, { session: token });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'This demo checkout link is invalid or has expired. Choose your plan again.',
      });
    }
    expect(await planOf(owner)).toBe('free');
    expect(await planOf(other)).toBe('free');
  });

  it('has no provider portal and no provider webhook', async () => {
    const user = await signUpTestUser(app);
    expect((await api.billing.portal.$post({}, asBrowser(user.headers))).status).toBe(404);
    const webhook = await app.request('/api/billing/stripe-webhook', {
      method: 'POST',
      body: '{}',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(webhook.status).toBe(404);
  });

  it('refuses the plan already held', async () => {
    const user = await signUpTestUser(app);
    await confirm(user, await demoSession(user, 'personal'));
    const response = await checkout(user, 'personal');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'You are already on the Personal plan' });
    // Changing plan is another demo checkout.
    await confirm(user, await demoSession(user, 'pro'));
    expect(await planOf(user)).toBe('pro');
  });
});
