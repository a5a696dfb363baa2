import type Stripe from 'stripe';
import { planMessages, plans } from '#domain/plans/plans.ts';
import type { AuthUser } from '../auth/require-user';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import type { Env } from '../env';
import { Refusal } from '../http/refusal';
import { createDemoCheckoutToken } from './demo-checkout-token';
import { ensureStripeCustomer } from './ensure-stripe-customer';
import { priceIdForPlan, type PaidPlanId } from './plan-prices';
import { refuseOwnerDowngrade } from './refuse-owner-downgrade';
import { refuseWhenProviderFails } from './refuse-when-provider-fails';
import { grantsPlan } from './subscription-state';

// What the user sees when checkout fails and the provider gave no message of its own; the
// provider's own message is shown when there is one (spec §8).
const CHECKOUT_FALLBACK = 'Error updating subscription';

export interface CheckoutContext {
  env: Env;
  db: Database;
  /** Undefined in demo billing. */
  stripe: Stripe | undefined;
  /** Signs demo checkout tokens (AppContext.serverSecret). */
  serverSecret: string;
}

/** Where the browser goes back to in this app (APP_URL may carry a path; env.ts strips its trailing slash). */
export function appLink(env: Pick<Env, 'APP_URL'>, path: string): string {
  return `${env.APP_URL}${path}`;
}

export function planName(plan: PaidPlanId): string {
  return plans.find((candidate) => candidate.id === plan)?.name ?? plan;
}

/**
 * Subscribe (spec §4): where the browser goes to pay for a plan; the plan itself is granted
 * only once payment is confirmed.
 * - Demo billing: the app's own demo checkout page, with a signed token naming Owner, workspace and plan.
 * - A paying customer changing plan: the provider's confirmation page for changing the price of
 *   the subscription they have, so they are never billed for two.
 * - Otherwise: a new checkout session for the plan's price, for the workspace's own customer, with
 *   the workspace's id as client reference. Only the provider's webhook then grants the plan.
 * `owner` is the acting Owner (the route allows only Owners): the customer gets their e-mail.
 */
export async function createCheckout(
  context: CheckoutContext,
  workspaceId: string,
  owner: AuthUser,
  plan: PaidPlanId,
): Promise<{ url: string }> {
  const { env, db, stripe } = context;
  await db.insert(subscriptions).values({ workspaceId }).onConflictDoNothing();
  const [row] = await db
    .select({
      plan: subscriptions.plan,
      subscriptionId: subscriptions.stripeSubscriptionId,
      customerId: subscriptions.stripeCustomerId,
    })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  if (row?.plan === plan) throw new Refusal(409, `You are already on the ${planName(plan)} plan`);
  await refuseOwnerDowngrade(db, workspaceId, plan);

  if (env.billingMode === 'unavailable')
    throw new Refusal(503, planMessages.paidPlansUnavailable, { code: 'paid-plans-unavailable' });
  if (!stripe) {
    const { token } = createDemoCheckoutToken(context.serverSecret, { userId: owner.id, workspaceId, plan });
    return { url: `/billing/demo-checkout?${new URLSearchParams({ plan, session: token })}` };
  }

  return refuseWhenProviderFails('a checkout', CHECKOUT_FALLBACK, async () => {
    const priceId = priceIdForPlan(env, plan);
    if (row?.subscriptionId && row.customerId && row.plan !== 'free') {
      const subscription = await stripe.subscriptions.retrieve(row.subscriptionId);
      const item = subscription.items.data[0];
      if (grantsPlan(subscription.status) && item) {
        const portal = await stripe.billingPortal.sessions.create({
          customer: row.customerId,
          return_url: appLink(env, '/saved'),
          flow_data: {
            type: 'subscription_update_confirm',
            subscription_update_confirm: {
              subscription: subscription.id,
              items: [{ id: item.id, price: priceId, quantity: 1 }],
            },
            after_completion: { type: 'redirect', redirect: { return_url: appLink(env, '/saved?checkout=success') } },
          },
        });
        return { url: portal.url };
      }
    }

    const customerId = await ensureStripeCustomer(stripe, db, workspaceId, owner);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: workspaceId,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: appLink(env, '/saved?checkout=success&session_id={CHECKOUT_SESSION_ID}'),
      cancel_url: appLink(env, '/wholesalers?checkout=canceled'),
      metadata: { workspaceId, userId: owner.id, plan },
      subscription_data: { metadata: { workspaceId, userId: owner.id, plan } },
    });
    if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
    return { url: session.url };
  });
}
