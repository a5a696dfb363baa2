// Issue 26 §6: a Pro workspace's Owner buys seats beyond its 3, as the quantity of the Pro price on
// the provider's subscription (the real SDK against the local fake), or directly in demo billing.
// Only the Owner; never fewer than its members and open invitations hold; hostile bodies refused.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMessages, type WorkspaceRole } from '#domain/workspaces/roles.ts';
import { MAX_EXTRA_SEATS, seatMessages } from '#domain/workspaces/seats.ts';
import { startStripeFake, type StripeFake } from '#tests/fakes/stripe-fake.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { invitation, subscriptions } from '../db/schema';

type TestUser = Awaited<ReturnType<typeof signUpTestUser>>;
type App = ReturnType<typeof createApp>;
/** PUT /api/billing/seats's body, as the route declares it. */
type SeatsRequest = InferRequestType<ReturnType<typeof typedClient>['billing']['seats']['$put']>['json'];

const ownerOnly = { error: workspaceMessages.billingOwnerOnly, code: 'not-allowed' };

const hostileBodies: unknown[] = [
  {},
  { extraSeats: -1 },
  { extraSeats: 2.5 },
  { extraSeats: '2' },
  { extraSeats: MAX_EXTRA_SEATS + 1 },
  { extraSeats: 1e12 },
  { extraSeats: null },
  { extraSeats: [2] },
  { extraSeats: 2, plan: 'pro' },
  { extraSeats: 2, workspaceId: 'someone-else' },
  [{ extraSeats: 2 }],
];

function seatsKit(database: () => TestDatabase, app: () => App) {
  const putSeats = (who: TestUser, json: SeatsRequest) =>
    typedClient(app()).billing.seats.$put({ json }, asBrowser(who.headers));
  /** A hostile body (or, with `raw`, text that is not JSON), sent as it is. */
  const putSeatsRaw = (who: TestUser, body: unknown, raw?: string) =>
    app().request('/api/billing/seats', {
      method: 'PUT',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: raw ?? JSON.stringify(body),
    });
  const rowOf = async (workspaceId: string) => {
    const [row] = await database().db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    return row!;
  };
  /** A new Owner and their own workspace, with members joined as `role`. */
  const newWorkspace = async () => {
    const owner = await signUpTestUser(app());
    const workspaceId = owner.user.id;
    const join = async (role: WorkspaceRole) => {
      const joined = await signUpTestUser(app());
      await joinWorkspace(database().db, { workspaceId, userId: joined.user.id, role });
      return joined;
    };
    const invite = async () => {
      await database()
        .db.insert(invitation)
        .values({
          id: randomUUID().replaceAll('-', ''),
          organizationId: workspaceId,
          email: `invited-${randomUUID()}@example.com`,
          role: 'viewer',
          inviterId: owner.user.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
    };
    return { owner, workspaceId, join, invite };
  };
  return { putSeats, putSeatsRaw, rowOf, newWorkspace };
}

describeEachDatabase('extra seats', (database) => {
  describe('with the payment provider', () => {
    let fake: StripeFake;
    let context: AppContext;
    let app: App;
    const kit = seatsKit(database, () => app);

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

    /** A workspace whose Owner bought Pro through the provider's checkout. */
    async function proWorkspace() {
      const workspace = await kit.newWorkspace();
      const response = await typedClient(app).billing.checkout.$post(
        { json: { plan: 'pro' } },
        asBrowser(workspace.owner.headers),
      );
      const { url } = await bodyAt(response, 200);
      const { subscription } = fake.completeCheckout(url.split('/').at(-1)!);
      await fake.settled();
      expect((await kit.rowOf(workspace.workspaceId)).plan).toBe('pro');
      return { ...workspace, subscription };
    }

    it("sets the Pro item's quantity to 1 + extra seats at the provider, and keeps the seats its answer and event give", async () => {
      const { owner, workspaceId, subscription } = await proWorkspace();
      const before = fake.requests.length;
      const response = await kit.putSeats(owner, { extraSeats: 2 });
      expect((await bodyAt(response, 200)).seats).toEqual({ total: 5, taken: 1, plan: 'pro', extra: 2 });

      const update = fake.requests.slice(before).find((request) => request.method === 'POST');
      expect(update).toMatchObject({
        path: `/v1/subscriptions/${subscription.id}`,
        body: {
          items: [{ id: subscription.items.data[0]!.id, quantity: '3' }],
          proration_behavior: 'create_prorations',
        },
      });
      expect(fake.subscriptions.get(subscription.id)?.items.data[0]).toMatchObject({
        quantity: 3,
        price: { id: fake.prices.pro.id },
      });
      await fake.settled();
      expect(fake.deliveries.at(-1)).toMatchObject({ type: 'customer.subscription.updated', status: 200 });
      expect(await kit.rowOf(workspaceId)).toMatchObject({ plan: 'pro', extraSeats: 2 });

      // Fewer again: the quantity follows.
      expect((await kit.putSeats(owner, { extraSeats: 0 })).status).toBe(200);
      await fake.settled();
      expect(fake.subscriptions.get(subscription.id)?.items.data[0]?.quantity).toBe(1);
      expect((await kit.rowOf(workspaceId)).extraSeats).toBe(0);
    });

    it('takes seats changed at the provider (a quantity set in its dashboard) from its event', async () => {
      const { workspaceId, subscription } = await proWorkspace();
      fake.subscriptions.get(subscription.id)!.items.data[0]!.quantity = 5;
      fake.advanceClock(5);
      await fake.deliver(fake.createEvent('customer.subscription.updated', fake.subscriptions.get(subscription.id)!));
      expect((await kit.rowOf(workspaceId)).extraSeats).toBe(4);
    });

    it("refuses a Manager's and a Viewer's seats with nothing asked of the provider", async () => {
      const { workspaceId, join } = await proWorkspace();
      const manager = await join('manager');
      const viewer = await join('viewer');
      const row = await kit.rowOf(workspaceId);
      const before = fake.requests.length;
      for (const who of [manager, viewer]) {
        const refused = await kit.putSeats(who, { extraSeats: 5 });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual(ownerOnly);
      }
      expect(fake.requests.slice(before)).toEqual([]);
      expect(await kit.rowOf(workspaceId)).toEqual(row);
    });

    it('refuses fewer seats than members and open invitations hold, with the quantity unchanged', async () => {
      const { owner, workspaceId, join, invite, subscription } = await proWorkspace();
      expect((await kit.putSeats(owner, { extraSeats: 2 })).status).toBe(200);
      await fake.settled();
      await join('acquisitions');
      await join('viewer');
      await join('dispositions');
      await invite();
      // 5 hold seats: 3 + 1 is too few.
      const before = fake.requests.length;
      const refused = await kit.putSeats(owner, { extraSeats: 1 });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: seatMessages.belowTaken(5, 4),
        code: 'seats-below-taken',
        taken: 5,
        fewestExtraSeats: 2,
      });
      expect(fake.requests.slice(before)).toEqual([]);
      expect(fake.subscriptions.get(subscription.id)?.items.data[0]?.quantity).toBe(3);
      expect((await kit.rowOf(workspaceId)).extraSeats).toBe(2);
      // Exactly enough is fine.
      expect((await kit.putSeats(owner, { extraSeats: 2 })).status).toBe(200);
    });

    it('refuses hostile bodies with nothing asked of the provider', async () => {
      const { owner, workspaceId } = await proWorkspace();
      const row = await kit.rowOf(workspaceId);
      const before = fake.requests.length;
      for (const body of hostileBodies) {
        const refused = await kit.putSeatsRaw(owner, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
      }
      expect((await kit.putSeatsRaw(owner, undefined, '{"extraSeats": 2')).status).toBe(400);
      expect((await kit.putSeatsRaw(owner, undefined, 'extraSeats=2')).status).toBe(400);
      expect(fake.requests.slice(before)).toEqual([]);
      expect(await kit.rowOf(workspaceId)).toEqual(row);
    });

    it("says the provider's refusal and keeps the seats", async () => {
      const { owner, workspaceId } = await proWorkspace();
      fake.failNext({ status: 402, type: 'card_error', message: 'Your card was declined.' }, { method: 'POST' });
      const refused = await kit.putSeats(owner, { extraSeats: 3 });
      expect(refused.status).toBe(502);
      // The provider's refusal is thrown and answered by app.onError: not in the route's type.
      expect(await refused.json()).toHaveProperty('error', 'Your card was declined.');
      expect((await kit.rowOf(workspaceId)).extraSeats).toBe(0);
    });

    it('sells no extra seats on Free or Personal', async () => {
      const { owner, workspaceId } = await kit.newWorkspace();
      await setWorkspacePlan(database().db, workspaceId, 'personal');
      const before = fake.requests.length;
      const refused = await kit.putSeats(owner, { extraSeats: 1 });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: seatMessages.extraSeatsNeedPro, code: 'seats-need-pro' });
      expect(fake.requests.slice(before)).toEqual([]);
    });
  });

  describe('demo billing', () => {
    let context: AppContext;
    let app: App;
    const kit = seatsKit(database, () => app);
    beforeAll(() => {
      context = createTestContext(database(), { TRUST_PROXY: '1' });
      app = createApp(context);
    });
    afterAll(() => context.changeFeed.close());

    it("sets the Owner's extra seats directly, which every member then sees", async () => {
      const { owner, workspaceId, join } = await kit.newWorkspace();
      await setWorkspacePlan(database().db, workspaceId, 'pro');
      const viewer = await join('viewer');
      const response = await kit.putSeats(owner, { extraSeats: 4 });
      expect((await bodyAt(response, 200)).seats).toEqual({ total: 7, taken: 2, plan: 'pro', extra: 4 });
      expect((await kit.rowOf(workspaceId)).extraSeats).toBe(4);
      const seen = await typedClient(app).workspace.$get({}, asBrowser(viewer.headers));
      expect((await seen.json()).seats).toMatchObject({ total: 7, extra: 4 });

      const refused = await kit.putSeats(viewer, { extraSeats: 0 });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(ownerOnly);
      expect((await kit.rowOf(workspaceId)).extraSeats).toBe(4);
    });

    it('refuses fewer seats than members and open invitations hold, and hostile bodies', async () => {
      const { owner, workspaceId, join, invite } = await kit.newWorkspace();
      await setWorkspacePlan(database().db, workspaceId, 'pro', 1);
      await join('manager');
      await join('acquisitions');
      await invite();
      const refused = await kit.putSeats(owner, { extraSeats: 0 });
      expect(refused.status).toBe(409);
      // The refusal is thrown and answered by app.onError: not in the route's type.
      expect(await refused.json()).toHaveProperty('code', 'seats-below-taken');
      for (const body of hostileBodies)
        expect((await kit.putSeatsRaw(owner, body)).status, JSON.stringify(body)).toBe(400);
      expect((await kit.rowOf(workspaceId)).extraSeats).toBe(1);
    });

    it('clears extra seats when the workspace leaves Pro', async () => {
      const { owner, workspaceId } = await kit.newWorkspace();
      await setWorkspacePlan(database().db, workspaceId, 'pro', 3);
      const response = await typedClient(app).subscription.free.$post({}, asBrowser(owner.headers));
      expect(response.status).toBe(200);
      expect(await kit.rowOf(workspaceId)).toMatchObject({ plan: 'free', extraSeats: 0 });
    });
  });
});
