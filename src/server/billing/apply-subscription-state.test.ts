import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { subscriptions, user } from '../db/schema';
import { applyBillingEvent } from './apply-billing-event';
import {
  applySubscriptionState,
  decideSubscriptionChange,
  type SubscriptionRowSnapshot,
} from './apply-subscription-state';
import type { SubscriptionState } from './subscription-state';

const t = (seconds: number) => new Date(Date.UTC(2030, 0, 1) + seconds * 1000);

function state(overrides: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    plan: 'pro',
    currentPeriodEnd: t(30 * 86400),
    subscriptionId: 'sub_a',
    customerId: 'cus_1',
    observedAt: t(10),
    ...overrides,
  };
}

describe('decideSubscriptionChange', () => {
  const row = (overrides: Partial<SubscriptionRowSnapshot> = {}): SubscriptionRowSnapshot => ({
    plan: 'free',
    subscriptionId: null,
    providerUpdatedAt: null,
    ...overrides,
  });

  it.each<[string, SubscriptionRowSnapshot, SubscriptionState, ReturnType<typeof decideSubscriptionChange>]>([
    ['a first state applies', row(), state(), { apply: true, replacedSubscriptionId: null }],
    ['a newer state applies', row({ providerUpdatedAt: t(5) }), state(), { apply: true, replacedSubscriptionId: null }],
    [
      'a state read at the same time applies',
      row({ providerUpdatedAt: t(10) }),
      state(),
      { apply: true, replacedSubscriptionId: null },
    ],
    ['an older state is stale', row({ providerUpdatedAt: t(11) }), state(), { apply: false, reason: 'stale' }],
    [
      "another subscription's end does not end the plan",
      row({ plan: 'pro', subscriptionId: 'sub_b', providerUpdatedAt: t(5) }),
      state({ plan: 'free', subscriptionId: 'sub_a' }),
      { apply: false, reason: 'other-subscription' },
    ],
    [
      "the row's own subscription ending ends the plan",
      row({ plan: 'pro', subscriptionId: 'sub_a', providerUpdatedAt: t(5) }),
      state({ plan: 'free', subscriptionId: 'sub_a' }),
      { apply: true, replacedSubscriptionId: null },
    ],
    [
      'a paid state from a new subscription replaces a paid one, and names it',
      row({ plan: 'personal', subscriptionId: 'sub_b', providerUpdatedAt: t(5) }),
      state({ subscriptionId: 'sub_a' }),
      { apply: true, replacedSubscriptionId: 'sub_b' },
    ],
    [
      'a paid state after a free one replaces nothing that bills',
      row({ plan: 'free', subscriptionId: 'sub_b', providerUpdatedAt: t(5) }),
      state({ subscriptionId: 'sub_a' }),
      { apply: true, replacedSubscriptionId: null },
    ],
    [
      'demo billing (no subscription) applies',
      row({ plan: 'personal' }),
      state({ subscriptionId: null }),
      { apply: true, replacedSubscriptionId: null },
    ],
  ])('%s', (_case, current, next, expected) => {
    expect(decideSubscriptionChange(current, next)).toEqual(expected);
  });
});

describeEachDatabase('applySubscriptionState', (database) => {
  /** A new user; their own workspace (made by the sign-up trigger) has their id. */
  async function newUser() {
    const id = randomUUID();
    await database()
      .db.insert(user)
      .values({ id, name: 'Test', email: `${id}@example.com` });
    return id;
  }
  async function rowOf(userId: string) {
    const [row] = await database().db.select().from(subscriptions).where(eq(subscriptions.workspaceId, userId));
    return row;
  }

  it('sets plan, period end, provider ids and the time read, found by workspace or by customer', async () => {
    const userId = await newUser();
    const first = await applySubscriptionState(database().db, { workspaceId: userId }, state({ plan: 'personal' }));
    expect(first).toEqual({ outcome: 'applied', workspaceId: userId, plan: 'personal', replacedSubscriptionId: null });
    expect(await rowOf(userId)).toMatchObject({
      plan: 'personal',
      currentPeriodEnd: t(30 * 86400),
      stripeSubscriptionId: 'sub_a',
      stripeCustomerId: 'cus_1',
      providerUpdatedAt: t(10),
    });

    const byCustomer = await applySubscriptionState(
      database().db,
      { customerId: 'cus_1' },
      state({ plan: 'pro', observedAt: t(20) }),
    );
    expect(byCustomer).toMatchObject({ outcome: 'applied', workspaceId: userId });
    expect(await rowOf(userId)).toMatchObject({ plan: 'pro', providerUpdatedAt: t(20) });
  });

  it('keeps the newest state whatever order the states come in', async () => {
    const userId = await newUser();
    const customerId = `cus_${userId}`;
    const active = state({ customerId, observedAt: t(10) });
    const cancelled = state({ customerId, plan: 'free', currentPeriodEnd: null, observedAt: t(20) });
    await applySubscriptionState(database().db, { workspaceId: userId }, cancelled);
    expect(await applySubscriptionState(database().db, { customerId }, active)).toEqual({
      outcome: 'ignored',
      workspaceId: userId,
      reason: 'stale',
    });
    expect(await rowOf(userId)).toMatchObject({ plan: 'free', currentPeriodEnd: null });
  });

  it('answers no-such-workspace for a customer nobody has', async () => {
    expect(await applySubscriptionState(database().db, { customerId: 'cus_nobody' }, state())).toEqual({
      outcome: 'no-such-workspace',
    });
  });

  it('applies an event once, however often it comes', async () => {
    const userId = await newUser();
    const event = { id: `evt_${userId}`, type: 'customer.subscription.updated' };
    const change = { target: { workspaceId: userId }, state: state({ plan: 'personal', customerId: null }) };
    expect(await applyBillingEvent(database().db, event, change)).toMatchObject({ outcome: 'applied' });
    // Meanwhile the user went back to free; the replayed event must not grant personal again.
    await database().db.update(subscriptions).set({ plan: 'free' }).where(eq(subscriptions.workspaceId, userId));
    expect(
      await applyBillingEvent(database().db, event, { ...change, state: { ...change.state, observedAt: t(99) } }),
    ).toEqual({ outcome: 'duplicate' });
    expect(await rowOf(userId)).toMatchObject({ plan: 'free' });
  });

  it('applies concurrent copies of one event once', async () => {
    const userId = await newUser();
    const event = { id: `evt_concurrent_${userId}`, type: 'checkout.session.completed' };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        applyBillingEvent(database().db, event, {
          target: { workspaceId: userId },
          state: state({ customerId: null }),
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'duplicate')).toHaveLength(2);
  });
});
