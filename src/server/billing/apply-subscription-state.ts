import { eq, sql } from 'drizzle-orm';
import type { PlanId } from '#domain/plans/plans.ts';
import { seatCount } from '#domain/workspaces/seats.ts';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { fitPeopleToSeats } from '../workspaces/workspace-seats';
import type { SubscriptionState } from './subscription-state';

/** Whose subscription row a state is for: a workspace, or the provider's customer stored on the row. */
export type SubscriptionTarget = { workspaceId: string } | { customerId: string };

/** What of the row matters for deciding whether a state may replace it. */
export interface SubscriptionRowSnapshot {
  plan: PlanId;
  subscriptionId: string | null;
  providerUpdatedAt: Date | null;
}

export type SubscriptionDecision =
  { apply: true; replacedSubscriptionId: string | null } | { apply: false; reason: 'stale' | 'other-subscription' };

/**
 * Whether a state may replace the row. Events arrive late, twice and out of order, so:
 * - a state read before the one the row holds is stale and ignored (provider_updated_at);
 * - a subscription that ends (free) only ends the plan if it is the row's own subscription,
 *   so an old subscription's cancellation cannot end the plan a newer one pays for;
 * - a paid state from another subscription replaces the row's, and names the replaced one, which
 *   still bills the customer while the row's plan was paid.
 */
export function decideSubscriptionChange(row: SubscriptionRowSnapshot, state: SubscriptionState): SubscriptionDecision {
  if (row.providerUpdatedAt && state.observedAt.getTime() < row.providerUpdatedAt.getTime()) {
    return { apply: false, reason: 'stale' };
  }
  const otherSubscription =
    state.subscriptionId !== null && row.subscriptionId !== null && row.subscriptionId !== state.subscriptionId;
  if (otherSubscription && state.plan === 'free') return { apply: false, reason: 'other-subscription' };
  return { apply: true, replacedSubscriptionId: otherSubscription && row.plan !== 'free' ? row.subscriptionId : null };
}

export type ApplyOutcome =
  | { outcome: 'applied'; workspaceId: string; plan: PlanId; replacedSubscriptionId: string | null }
  | { outcome: 'ignored'; workspaceId: string; reason: 'stale' | 'other-subscription' }
  | { outcome: 'no-such-workspace' };

/**
 * Applies a state read from the payment provider (or from demo billing, which stands in for it)
 * to the workspace's subscription row: plan, current_period_end, extra seats, the provider's ids and
 * the time the state was read; then its members and open invitations are fitted to the seats. The
 * one way a paid plan is granted or ended by its source. The row is locked while deciding (the seat
 * lock: workspaces/workspace-seats.ts), so concurrent events for one workspace, invitations and
 * acceptances are applied one after another.
 */
export async function applySubscriptionState(
  db: Database,
  target: SubscriptionTarget,
  state: SubscriptionState,
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    if ('workspaceId' in target)
      await tx.insert(subscriptions).values({ workspaceId: target.workspaceId }).onConflictDoNothing();
    const [row] = await tx
      .select({
        workspaceId: subscriptions.workspaceId,
        plan: subscriptions.plan,
        extraSeats: subscriptions.extraSeats,
        subscriptionId: subscriptions.stripeSubscriptionId,
        customerId: subscriptions.stripeCustomerId,
        providerUpdatedAt: subscriptions.providerUpdatedAt,
      })
      .from(subscriptions)
      .where(
        'workspaceId' in target
          ? inWorkspace(subscriptions, target.workspaceId)
          : eq(subscriptions.stripeCustomerId, target.customerId),
      )
      .for('update');
    if (!row) return { outcome: 'no-such-workspace' } as const;

    const decision = decideSubscriptionChange(row, state);
    if (!decision.apply) return { outcome: 'ignored', workspaceId: row.workspaceId, reason: decision.reason } as const;

    // Extra seats are Pro's alone; a source that does not say keeps the row's.
    const extraSeats = state.plan !== 'pro' ? 0 : (state.extraSeats ?? row.extraSeats);
    await tx
      .update(subscriptions)
      .set({
        plan: state.plan,
        currentPeriodEnd: state.plan === 'free' ? null : state.currentPeriodEnd,
        stripeSubscriptionId: state.subscriptionId ?? row.subscriptionId,
        stripeCustomerId: row.customerId ?? state.customerId,
        providerUpdatedAt: state.observedAt,
        extraSeats,
        updatedAt: sql`now()`,
      })
      .where(inWorkspace(subscriptions, row.workspaceId));
    // Fewer seats than members (cancelled, unpaid, a smaller plan or fewer seats at the provider):
    // the newest members are suspended until the Owner chooses; more seats bring them back.
    await fitPeopleToSeats(tx, row.workspaceId, seatCount(state.plan, extraSeats));
    return {
      outcome: 'applied',
      workspaceId: row.workspaceId,
      plan: state.plan,
      replacedSubscriptionId: decision.replacedSubscriptionId,
    } as const;
  });
}
