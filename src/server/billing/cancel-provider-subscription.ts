import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { hasEnded } from './subscription-state';

/**
 * §4 Downgrade to Free, at the provider: cancels the user's subscription now, so they are not
 * billed again. Nothing to do in demo billing, without a subscription, or when the provider says
 * it has already ended. Throws when the provider refuses, and the caller then keeps the plan.
 */
export async function cancelProviderSubscription(
  stripe: Stripe | undefined,
  db: Database,
  userId: string,
): Promise<void> {
  if (!stripe) return;
  const [row] = await db
    .select({ subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row?.subscriptionId) return;
  // Read first: cancelling a subscription that has ended is an error at the provider.
  const subscription = await stripe.subscriptions.retrieve(row.subscriptionId);
  if (hasEnded(subscription.status)) return;
  await stripe.subscriptions.cancel(subscription.id);
}
