import { eq, sql } from 'drizzle-orm';
import type { PlanId } from '../../domain/plans/plans';
import type { Database, Transaction } from '../db/database';
import { subscriptions } from '../db/schema';

export interface Subscription {
  plan: PlanId;
  currentPeriodEnd: Date | null;
}

/** The user's subscription; a missing row is created as free (spec §4), so every user has a plan. */
export async function getSubscription(db: Database, userId: string): Promise<Subscription> {
  await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({ plan: subscriptions.plan, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row) throw new Error(`subscription for user ${userId} vanished`);
  return row;
}

/**
 * The user's plan, their subscription row (created as free when missing) locked until the
 * transaction ends: a plan change cannot slip between the check and the change it guards.
 */
export async function lockPlan(tx: Transaction, userId: string): Promise<PlanId> {
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  return row?.plan ?? 'free';
}

/**
 * Downgrade to Free (spec §4): plan free, current_period_end cleared. Stamped as the newest state, so
 * a provider event read before the downgrade (its subscription still active) cannot undo it.
 */
export async function setFreePlan(db: Database, userId: string): Promise<Subscription> {
  const now = new Date();
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, plan: 'free', providerUpdatedAt: now })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { plan: 'free', currentPeriodEnd: null, providerUpdatedAt: now, updatedAt: sql`now()` },
    })
    .returning({ plan: subscriptions.plan, currentPeriodEnd: subscriptions.currentPeriodEnd });
  if (!row) throw new Error('downgrade returned no row');
  return row;
}
