import type Stripe from 'stripe';
import type { PlanId } from '#domain/plans/plans.ts';
import type { Env } from '../env';
import { planForPriceId } from './plan-prices';

/** A user's plan as its source (the payment provider, or demo billing) says it is. */
export interface SubscriptionState {
  /** The plan this source grants now: free once the subscription no longer pays for one. */
  plan: PlanId;
  currentPeriodEnd: Date | null;
  /** The provider's subscription the state was read from; null for demo billing. */
  subscriptionId: string | null;
  /** The provider's customer; stored on the user's row when it has none yet. */
  customerId: string | null;
  /** When the state was read from its source: a state read earlier never overrides one read later. */
  observedAt: Date;
  /**
   * Seats bought beyond Pro's own (issue 26): the Pro item's quantity above 1. Undefined when the
   * source does not say (demo checkout), which keeps the row's; a plan other than Pro has none.
   */
  extraSeats?: number;
}

// The provider's statuses in which the customer has paid (or, while past_due, the provider is
// still retrying the card): they keep the plan. Every other status (canceled, unpaid,
// incomplete, incomplete_expired, paused, and any new one) grants no plan.
const planGrantingStatuses = new Set<string>(['active', 'trialing', 'past_due']);

/** True while a subscription in this provider status pays for its plan. */
export function grantsPlan(status: Stripe.Subscription.Status): boolean {
  return planGrantingStatuses.has(status);
}

/** True once a subscription in this provider status can never bill the customer again. */
export function hasEnded(status: Stripe.Subscription.Status): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}

export type ProviderStateResult =
  | { kind: 'state'; state: SubscriptionState }
  /** The subscription pays for a price that is neither plan's: nothing to apply. */
  | { kind: 'unknown-price'; priceIds: string[] };

/** Reads a subscription as the provider returned it into the plan it grants and its period end. */
export function subscriptionStateFromProvider(
  env: Pick<Env, 'STRIPE_PERSONAL_PRICE_ID' | 'STRIPE_PRO_PRICE_ID'>,
  subscription: Stripe.Subscription,
  observedAt: Date,
): ProviderStateResult {
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const base = { subscriptionId: subscription.id, customerId, observedAt };
  if (!grantsPlan(subscription.status)) {
    return { kind: 'state', state: { ...base, plan: 'free', currentPeriodEnd: null, extraSeats: 0 } };
  }
  const items = subscription.items.data;
  const planItem = items.find((item) => planForPriceId(env, item.price.id) !== undefined);
  const plan = planItem && planForPriceId(env, planItem.price.id);
  if (!planItem || !plan) return { kind: 'unknown-price', priceIds: items.map((item) => item.price.id) };
  const extraSeats = plan === 'pro' ? Math.max(0, (planItem.quantity ?? 1) - 1) : 0;
  // Since the 2025 API versions the billing period is per item; the subscription's is the latest.
  const periodEnds = items.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  const currentPeriodEnd = periodEnds.length > 0 ? new Date(Math.max(...periodEnds) * 1000) : null;
  return { kind: 'state', state: { ...base, plan, currentPeriodEnd, extraSeats } };
}
