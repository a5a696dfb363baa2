import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscriptionStateFromProvider } from './subscription-state';

const env = { STRIPE_PERSONAL_PRICE_ID: 'price_personal', STRIPE_PRO_PRICE_ID: 'price_pro' };
const observedAt = new Date('2030-01-01T00:00:00Z');

function subscription(status: string, items: Array<{ price: string; periodEnd: number }>): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status,
    items: {
      object: 'list',
      data: items.map((item, index) => ({
        id: `si_${index}`,
        price: { id: item.price },
        current_period_end: item.periodEnd,
      })),
    },
  } as unknown as Stripe.Subscription;
}

describe('subscriptionStateFromProvider', () => {
  it.each([
    ['active', 'price_pro', 'pro'],
    ['trialing', 'price_personal', 'personal'],
    // The provider is still retrying the card: the plan is kept meanwhile.
    ['past_due', 'price_pro', 'pro'],
  ])('%s on %s grants %s with the period end', (status, price, plan) => {
    const read = subscriptionStateFromProvider(
      env,
      subscription(status, [{ price, periodEnd: 1_900_000_000 }]),
      observedAt,
    );
    expect(read).toEqual({
      kind: 'state',
      state: {
        plan,
        currentPeriodEnd: new Date(1_900_000_000 * 1000),
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        observedAt,
        extraSeats: 0,
      },
    });
  });

  it("reads Pro's extra seats from the Pro item's quantity above 1 (issue 26), and none on Personal", () => {
    const withQuantity = (price: string, quantity: number) => {
      const read = subscription('active', [{ price, periodEnd: 1_900_000_000 }]);
      Object.assign(read.items.data[0]!, { quantity });
      return subscriptionStateFromProvider(env, read, observedAt);
    };
    expect(withQuantity('price_pro', 4)).toMatchObject({ state: { plan: 'pro', extraSeats: 3 } });
    expect(withQuantity('price_pro', 1)).toMatchObject({ state: { plan: 'pro', extraSeats: 0 } });
    expect(withQuantity('price_personal', 4)).toMatchObject({ state: { plan: 'personal', extraSeats: 0 } });
  });

  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused', 'some_future_status'])(
    '%s grants no plan',
    (status) => {
      const read = subscriptionStateFromProvider(
        env,
        subscription(status, [{ price: 'price_pro', periodEnd: 1_900_000_000 }]),
        observedAt,
      );
      expect(read).toMatchObject({
        kind: 'state',
        state: { plan: 'free', currentPeriodEnd: null, subscriptionId: 'sub_1' },
      });
    },
  );

  it('takes the latest period end of the items (the period is per item in current API versions)', () => {
    const read = subscriptionStateFromProvider(
      env,
      subscription('active', [
        { price: 'price_other', periodEnd: 1_950_000_000 },
        { price: 'price_personal', periodEnd: 1_900_000_000 },
      ]),
      observedAt,
    );
    expect(read).toMatchObject({
      kind: 'state',
      state: { plan: 'personal', currentPeriodEnd: new Date(1_950_000_000 * 1000) },
    });
  });

  it('reports a subscription to a price that is neither plan', () => {
    const read = subscriptionStateFromProvider(
      env,
      subscription('active', [{ price: 'price_other', periodEnd: 1 }]),
      observedAt,
    );
    expect(read).toEqual({ kind: 'unknown-price', priceIds: ['price_other'] });
  });
});
