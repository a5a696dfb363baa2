import Stripe from 'stripe';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { logger } from '../observability/logger';
import { hasEnded } from './subscription-state';

/**
 * Downgrade to Free (spec §4), at the provider: cancels the workspace's subscription now, so it is
 * not billed again. Nothing to do in demo billing, without a subscription, or when the provider
 * says it has already ended. When the provider refuses, the request is refused with 502 and the
 * caller keeps the plan.
 */
export async function cancelProviderSubscription(
  stripe: Stripe | undefined,
  db: Database,
  workspaceId: string,
): Promise<void> {
  if (!stripe) return;
  const [row] = await db
    .select({ subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  if (!row?.subscriptionId) return;
  const subscriptionId = row.subscriptionId;
  try {
    // Read first: cancelling a subscription that has ended is an error at the provider.
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    if (hasEnded(subscription.status)) return;
    await stripe.subscriptions.cancel(subscription.id);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.warn(
      `downgrade: the payment provider did not cancel the subscription of workspace ${workspaceId}: ${error.message}`,
    );
    throw new Refusal(502, 'Error downgrading subscription', { cause: error });
  }
}
