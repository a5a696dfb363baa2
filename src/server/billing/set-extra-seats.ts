import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { planMessages } from '#domain/plans/plans.ts';
import { includedSeats, seatCount, seatMessages } from '#domain/workspaces/seats.ts';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import type { Env } from '../env';
import { Refusal } from '../http/refusal';
import { fitPeopleToSeats, lockSeats, seatsTaken } from '../workspaces/workspace-seats';
import { applySubscriptionState } from './apply-subscription-state';
import { priceIdForPlan } from './plan-prices';
import { refuseWhenProviderFails } from './refuse-when-provider-fails';
import { grantsPlan, subscriptionStateFromProvider } from './subscription-state';

const SEATS_FALLBACK = 'Error updating seats';

export interface SeatsContext {
  env: Env;
  db: Database;
  /** Undefined in demo billing. */
  stripe: Stripe | undefined;
}

const noProviderSubscription = () =>
  new Refusal(
    409,
    'This Pro plan has no active subscription at the payment provider to add seats to. Choose Pro again on the Plans page.',
    { code: 'no-provider-subscription' },
  );

/**
 * Sets how many seats a Pro workspace has beyond its 3 (issue 26 §6), refusing fewer than its
 * members and open invitations hold.
 * - With the payment provider: the Pro item's quantity on the subscription becomes 1 + extraSeats
 *   (each extra seat is one more unit of the Pro price, prorated), and the row takes the extra
 *   seats from the provider's answer (its later webhook carries the same).
 * - Demo billing: the row's extra seats are set directly; nobody is charged.
 */
export async function setExtraSeats(context: SeatsContext, workspaceId: string, extraSeats: number) {
  const { env, db, stripe } = context;
  await db.insert(subscriptions).values({ workspaceId }).onConflictDoNothing();
  const [row] = await db
    .select({ plan: subscriptions.plan, subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  if (row?.plan !== 'pro') throw new Refusal(409, seatMessages.extraSeatsNeedPro, { code: 'seats-need-pro' });

  const refuseBelowTaken = async (tx: Pick<Database, 'select'> = db) => {
    const taken = await seatsTaken(tx, workspaceId);
    const seats = seatCount('pro', extraSeats);
    if (taken > seats)
      throw new Refusal(409, seatMessages.belowTaken(taken, seats), {
        code: 'seats-below-taken',
        details: { taken, fewestExtraSeats: taken - includedSeats.pro },
      });
  };

  if (env.billingMode === 'unavailable')
    throw new Refusal(503, planMessages.paidPlansUnavailable, { code: 'paid-plans-unavailable' });

  if (!stripe) {
    // Checked and changed under the seat lock: an invitation sent meanwhile is counted.
    await db.transaction(async (tx) => {
      await lockSeats(tx, workspaceId);
      await refuseBelowTaken(tx);
      await tx
        .update(subscriptions)
        .set({ extraSeats, updatedAt: sql`now()` })
        .where(inWorkspace(subscriptions, workspaceId));
      // A member suspended for want of a seat has one again (as a provider's answer does below).
      await fitPeopleToSeats(tx, workspaceId, seatCount('pro', extraSeats));
    });
    return;
  }

  if (!row.subscriptionId) throw noProviderSubscription();
  const subscriptionId = row.subscriptionId;
  await refuseBelowTaken();
  await refuseWhenProviderFails('a change of seats', SEATS_FALLBACK, async () => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const proPrice = priceIdForPlan(env, 'pro');
    const item = subscription.items.data.find((candidate) => candidate.price.id === proPrice);
    if (!grantsPlan(subscription.status) || !item) throw noProviderSubscription();
    const updated = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 1 + extraSeats }],
      proration_behavior: 'create_prorations',
    });
    // The provider's answer is its truth: applied as an event's would be (newest state wins).
    const read = subscriptionStateFromProvider(env, updated, new Date());
    if (read.kind !== 'state') throw new Error(`subscription ${updated.id} lost its Pro price`);
    await applySubscriptionState(db, { workspaceId }, read.state);
  });
}
