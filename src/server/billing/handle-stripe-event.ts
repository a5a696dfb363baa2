import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../db/database';
import { organization, subscriptions } from '../db/schema';
import type { Env } from '../env';
import { describeErrorForLog } from '../http/describe-error-for-log';
import { logger } from '../observability/logger';
import { applyBillingEvent, billingEventSeen, type BillingEventOutcome } from './apply-billing-event';
import type { SubscriptionTarget } from './apply-subscription-state';
import { subscriptionStateFromProvider, type SubscriptionState } from './subscription-state';

export interface StripeEventContext {
  env: Env;
  db: Database;
  stripe: Stripe;
}

// Events whose object is a subscription: its current state is re-read and applied.
const subscriptionEvents = new Set<string>([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
]);

// A finished checkout carries the new subscription (async payments finish later).
const checkoutEvents = new Set<string>(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

interface Change {
  target: SubscriptionTarget;
  state: SubscriptionState;
}

/**
 * Applies a verified provider event once. The event is trusted only to say which object changed:
 * the subscription is read back from the provider, so a stale, replayed or reordered event can
 * only ever apply the provider's current truth (and applySubscriptionState keeps the newest).
 */
export async function handleStripeEvent(
  context: StripeEventContext,
  event: Stripe.Event,
): Promise<BillingEventOutcome> {
  const { db, stripe } = context;
  if (await billingEventSeen(db, event.id)) return { outcome: 'duplicate' };

  const change = await readChange(context, event);
  const outcome = await applyBillingEvent(db, { id: event.id, type: event.type }, change ?? undefined);
  if (outcome.outcome === 'no-such-workspace') {
    logger.warn(`billing: ${event.type} ${event.id} is for a customer this app does not know; nothing changed`);
  }
  if (outcome.outcome === 'applied' && outcome.replacedSubscriptionId) {
    // Two checkouts finished (two tabs, say): the newer subscription holds the plan, and the older
    // one must stop billing. Its own cancellation event then finds it is not the row's any more.
    await stripe.subscriptions.cancel(outcome.replacedSubscriptionId).catch((error: unknown) => {
      logger.warn(
        { error: describeErrorForLog(error) },
        `billing: could not cancel replaced subscription ${outcome.replacedSubscriptionId}`,
      );
    });
  }
  return outcome;
}

async function readChange(context: StripeEventContext, event: Stripe.Event): Promise<Change | null> {
  const { stripe } = context;
  if (subscriptionEvents.has(event.type)) {
    const { id } = event.data.object as { id: string };
    const observedAt = new Date();
    const subscription = await stripe.subscriptions.retrieve(id);
    const state = stateOf(context, subscription, observedAt, event);
    return state && state.customerId ? { target: { customerId: state.customerId }, state } : null;
  }

  if (checkoutEvents.has(event.type)) {
    const { id } = event.data.object as { id: string };
    const session = await stripe.checkout.sessions.retrieve(id);
    if (session.mode !== 'subscription' || !session.subscription) return null;
    const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
    const observedAt = new Date();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const state = stateOf(context, subscription, observedAt, event);
    if (!state) return null;
    const target = await checkoutTarget(context.db, state.customerId, session.client_reference_id);
    if (!target)
      logger.warn(`billing: ${event.type} ${event.id} names no workspace or customer this app knows; nothing changed`);
    return target ? { target, state } : null;
  }
  return null;
}

function stateOf(
  { env }: StripeEventContext,
  subscription: Stripe.Subscription,
  observedAt: Date,
  event: Stripe.Event,
): SubscriptionState | null {
  const read = subscriptionStateFromProvider(env, subscription, observedAt);
  if (read.kind === 'state') return read.state;
  logger.warn(
    `billing: ${event.type} ${event.id}: subscription ${subscription.id} is for price(s) ${read.priceIds.join(', ')}, which are neither plan's; nothing changed`,
  );
  return null;
}

/**
 * The row a finished checkout is for: the one holding its customer (created by this app before
 * the checkout); else the workspace named as client reference, if it exists. Checkouts made before
 * workspaces named their user there, and each user's own workspace has the user's id, so those resolve too.
 */
async function checkoutTarget(
  db: Database,
  customerId: string | null,
  clientReferenceId: string | null,
): Promise<SubscriptionTarget | null> {
  if (customerId) {
    const [known] = await db
      .select({ workspaceId: subscriptions.workspaceId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeCustomerId, customerId));
    if (known) return { workspaceId: known.workspaceId };
  }
  if (clientReferenceId) {
    const [exists] = await db
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, clientReferenceId));
    if (exists) return { workspaceId: exists.id };
  }
  return null;
}
