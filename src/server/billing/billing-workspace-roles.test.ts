// Issue 26: the plan is the workspace's. Every member reads it; only the workspace's Owner changes it
// (checkout, portal, downgrade, demo checkout), and the provider's customer and events are the workspace's.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMessages, type WorkspaceRole } from '#domain/workspaces/roles.ts';
import { startStripeFake, type StripeFake } from '#tests/fakes/stripe-fake.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { organization, session, subscriptions } from '../db/schema';

type TestUser = Awaited<ReturnType<typeof signUpTestUser>>;

const ownerOnly = { error: workspaceMessages.billingOwnerOnly, code: 'not-allowed' };

function billingTestKit(database: () => TestDatabase, app: () => ReturnType<typeof createApp>) {
  const post = (path: string, who: TestUser, body?: unknown) =>
    app().request(path, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const planRead = async (who: TestUser) => {
    const response = await app().request('/api/subscription', { headers: who.headers });
    expect(response.status).toBe(200);
    return (await response.json()) as { plan: string; limit: number | null };
  };
  const rowOf = async (workspaceId: string) => {
    const [row] = await database().db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    return row;
  };
  /** A new user and their own workspace (its id is theirs: test set-up only), with members joined as `role`. */
  const newWorkspace = async () => {
    const owner = await signUpTestUser(app());
    const workspaceId = owner.user.id;
    const join = async (role: WorkspaceRole) => {
      const joined = await signUpTestUser(app());
      await joinWorkspace(database().db, { workspaceId, userId: joined.user.id, role });
      return joined;
    };
    return { owner, workspaceId, join };
  };
  return { post, planRead, rowOf, newWorkspace };
}

describeEachDatabase('billing in a workspace', (database) => {
  describe('with the payment provider', () => {
    let fake: StripeFake;
    let context: AppContext;
    let app: ReturnType<typeof createApp>;
    const kit = billingTestKit(database, () => app);

    beforeAll(async () => {
      fake = await startStripeFake();
      context = createTestContext(database(), { TRUST_PROXY: '1', ...fake.env });
      app = createApp(context);
      fake.setWebhook(async ({ payload, signature }) =>
        app.request('/api/billing/stripe-webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }),
      );
    });
    afterEach(() => fake.settled());
    afterAll(async () => {
      await fake?.close();
      await context?.changeFeed.close();
    });

    async function checkoutUrl(who: TestUser, plan: string) {
      const response = await kit.post('/api/billing/checkout', who, { plan });
      expect(response.status).toBe(200);
      return ((await response.json()) as { url: string }).url;
    }

    it("bills a workspace (not its Owner): the workspace's customer, with the Owner's e-mail, and the plan granted to the workspace", async () => {
      // A workspace whose id is nobody's user id, as later workspaces may be.
      const owner = await signUpTestUser(app);
      const workspaceId = `ws-${randomUUID()}`;
      await database().db.insert(organization).values({ id: workspaceId, name: 'Lee Homes', slug: workspaceId });
      await joinWorkspace(database().db, { workspaceId, userId: owner.user.id, role: 'owner' });
      const viewer = await signUpTestUser(app);
      await joinWorkspace(database().db, { workspaceId, userId: viewer.user.id, role: 'viewer' });

      const before = fake.requests.length;
      const url = await checkoutUrl(owner, 'pro');
      const [createCustomer, createSession] = fake.requests.slice(before);
      expect(createCustomer).toMatchObject({
        path: '/v1/customers',
        body: { email: owner.user.email, metadata: { workspaceId, userId: owner.user.id } },
      });
      const customerId = (await kit.rowOf(workspaceId))?.stripeCustomerId;
      expect(customerId).toMatch(/^cus_/);
      expect(createSession).toMatchObject({
        path: '/v1/checkout/sessions',
        body: { customer: customerId, client_reference_id: workspaceId, metadata: { workspaceId } },
      });

      fake.completeCheckout(url.split('/').at(-1)!);
      await fake.settled();
      expect(await kit.planRead(viewer)).toMatchObject({ plan: 'pro', limit: null });
      expect(await kit.planRead(owner)).toMatchObject({ plan: 'pro' });
      // The Owner's own workspace bought nothing.
      expect((await kit.rowOf(owner.user.id))?.plan).toBe('free');
    });

    it('finds the workspace by the checkout’s client reference when no row holds the customer yet', async () => {
      const { owner, workspaceId } = await kit.newWorkspace();
      const url = await checkoutUrl(owner, 'personal');
      const { events } = fake.completeCheckout(url.split('/').at(-1)!, { send: false });
      await database()
        .db.update(subscriptions)
        .set({ stripeCustomerId: null })
        .where(eq(subscriptions.workspaceId, workspaceId));
      const completed = events.find((event) => event.type === 'checkout.session.completed')!;
      const { payload, signature } = fake.sign(completed);
      const response = await app.request('/api/billing/stripe-webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await kit.rowOf(workspaceId)).toMatchObject({ plan: 'personal', stripeCustomerId: expect.any(String) });
    });

    it("refuses a Manager's checkout, portal and downgrade with nothing changed at the provider or here", async () => {
      const { owner, workspaceId, join } = await kit.newWorkspace();
      fake.completeCheckout((await checkoutUrl(owner, 'pro')).split('/').at(-1)!);
      await fake.settled();
      const manager = await join('manager');
      const paid = await kit.rowOf(workspaceId);
      expect(paid?.plan).toBe('pro');

      const before = fake.requests.length;
      for (const [path, body] of [
        ['/api/billing/checkout', { plan: 'personal' }],
        ['/api/billing/portal', undefined],
        ['/api/subscription/free', undefined],
      ] as const) {
        const refused = await kit.post(path, manager, body);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual(ownerOnly);
      }
      expect(fake.requests.slice(before)).toEqual([]);
      expect(await kit.rowOf(workspaceId)).toEqual(paid);
      // Reading the plan is every member's.
      expect(await kit.planRead(manager)).toMatchObject({ plan: 'pro' });
    });

    it("opens the portal for the Owner, on the workspace's own customer", async () => {
      const { owner, workspaceId } = await kit.newWorkspace();
      fake.completeCheckout((await checkoutUrl(owner, 'personal')).split('/').at(-1)!);
      await fake.settled();
      const before = fake.requests.length;
      const response = await kit.post('/api/billing/portal', owner);
      expect(response.status).toBe(200);
      expect(fake.requests.slice(before)[0]).toMatchObject({
        path: '/v1/billing_portal/sessions',
        body: { customer: (await kit.rowOf(workspaceId))?.stripeCustomerId },
      });
    });
  });

  describe('demo billing', () => {
    let context: AppContext;
    let app: ReturnType<typeof createApp>;
    const kit = billingTestKit(database, () => app);
    beforeAll(() => {
      context = createTestContext(database(), { TRUST_PROXY: '1' });
      app = createApp(context);
    });
    afterAll(() => context.changeFeed.close());

    async function demoSession(who: TestUser, plan: string) {
      const response = await kit.post('/api/billing/checkout', who, { plan });
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      return new URL(url, 'http://localhost:3000').searchParams.get('session')!;
    }

    it("refuses a Manager's and a Viewer's demo checkout, and their confirming the Owner's, with the plan unchanged", async () => {
      const { owner, workspaceId, join } = await kit.newWorkspace();
      const manager = await join('manager');
      const viewer = await join('viewer');
      const session = await demoSession(owner, 'pro');

      for (const who of [manager, viewer]) {
        const checkout = await kit.post('/api/billing/checkout', who, { plan: 'pro' });
        expect(checkout.status).toBe(403);
        expect(await checkout.json()).toEqual(ownerOnly);
        const confirm = await kit.post('/api/billing/demo/confirm', who, { session });
        expect(confirm.status).toBe(403);
        const shown = await app.request(`/api/billing/demo/checkout-session?session=${encodeURIComponent(session)}`, {
          headers: who.headers,
        });
        expect(shown.status).toBe(403);
      }
      expect((await kit.rowOf(workspaceId))?.plan).toBe('free');
      expect(await kit.planRead(viewer)).toMatchObject({ plan: 'free' });

      // The Owner confirms: the workspace's plan, read by every member.
      expect((await kit.post('/api/billing/demo/confirm', owner, { session })).status).toBe(200);
      expect(await kit.planRead(viewer)).toMatchObject({ plan: 'pro' });
      expect((await kit.rowOf(manager.user.id))?.plan).toBe('free');
    });

    it('confirms a demo checkout only in the workspace it was started for', async () => {
      const a = await kit.newWorkspace();
      const b = await kit.newWorkspace();
      // A's Owner is also an Owner of B, and starts a checkout there.
      await joinWorkspace(database().db, { workspaceId: b.workspaceId, userId: a.owner.user.id, role: 'owner' });
      const forB = await demoSession(a.owner, 'pro');
      // Back in A: B's checkout is no link for A.
      await database()
        .db.update(session)
        .set({ activeOrganizationId: a.workspaceId })
        .where(eq(session.userId, a.owner.user.id));
      const confirm = await kit.post('/api/billing/demo/confirm', a.owner, { session: forB });
      expect(confirm.status).toBe(400);
      expect((await kit.rowOf(a.workspaceId))?.plan).toBe('free');
      expect((await kit.rowOf(b.workspaceId))?.plan).toBe('free');
      // B's own Owner did not start it either.
      expect((await kit.post('/api/billing/demo/confirm', b.owner, { session: forB })).status).toBe(400);
      expect((await kit.rowOf(b.workspaceId))?.plan).toBe('free');
    });

    it("refuses a Manager's downgrade with the plan kept", async () => {
      const { workspaceId, join } = await kit.newWorkspace();
      await setWorkspacePlan(database().db, workspaceId, 'personal');
      const manager = await join('manager');
      const refused = await kit.post('/api/subscription/free', manager);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(ownerOnly);
      expect((await kit.rowOf(workspaceId))?.plan).toBe('personal');
    });
  });
});
