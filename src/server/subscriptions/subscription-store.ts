import { sql } from 'drizzle-orm';
import type { PlanId } from '#domain/plans/plans.ts';
import { seatCount } from '#domain/workspaces/seats.ts';
import type { Database, Transaction } from '../db/database';
import { preparedPerDatabase } from '../db/prepared';
import { subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { fitPeopleToSeats, lockSeats } from '../workspaces/workspace-seats';

export interface Subscription {
  plan: PlanId;
  currentPeriodEnd: Date | null;
}

/** The workspace's subscription; a missing row is created as free (spec §4), so every workspace has a plan. */
export async function getSubscription(db: Database, workspaceId: string): Promise<Subscription> {
  await db.insert(subscriptions).values({ workspaceId }).onConflictDoNothing();
  const [row] = await db
    .select({ plan: subscriptions.plan, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  if (!row) throw new Error(`subscription for workspace ${workspaceId} vanished`);
  return row;
}

const lockedPlan = preparedPerDatabase((tx) =>
  tx
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, sql.placeholder('workspaceId')))
    .for('update')
    .prepare('lock_plan'),
);

/**
 * The workspace's plan, its subscription row (created as free when missing) locked until the
 * transaction ends: a plan change cannot slip between the check and the change it guards. `tx`:
 * db.transaction's handle, or a connection's in database.transaction (prepared once per connection).
 */
export async function lockPlan(tx: Transaction | Database, workspaceId: string): Promise<PlanId> {
  const locked = () => lockedPlan(tx).execute({ workspaceId });
  // Every workspace gets its row when it is created (a trigger): the insert is for one that did not.
  let [row] = await locked();
  if (!row) {
    await tx.insert(subscriptions).values({ workspaceId }).onConflictDoNothing();
    [row] = await locked();
  }
  return row?.plan ?? 'free';
}

/**
 * Downgrade to Free (spec §4): plan free, current_period_end and extra seats cleared. Stamped as the newest state, so
 * a provider event read before the downgrade (its subscription still active) cannot undo it. Under
 * the seat lock, members beyond Free's seat (one who joined since the Owner was asked) are
 * suspended and open invitations cancelled.
 */
export async function setFreePlan(db: Database, workspaceId: string): Promise<Subscription> {
  return db.transaction(async (tx) => {
    await lockSeats(tx, workspaceId);
    const subscription = await writeFreePlan(tx, workspaceId);
    await fitPeopleToSeats(tx, workspaceId, seatCount('free', 0));
    return subscription;
  });
}

async function writeFreePlan(db: Transaction, workspaceId: string): Promise<Subscription> {
  const now = new Date();
  const [row] = await db
    .insert(subscriptions)
    .values({ workspaceId, plan: 'free', providerUpdatedAt: now })
    .onConflictDoUpdate({
      target: subscriptions.workspaceId,
      set: { plan: 'free', currentPeriodEnd: null, extraSeats: 0, providerUpdatedAt: now, updatedAt: sql`now()` },
    })
    .returning({ plan: subscriptions.plan, currentPeriodEnd: subscriptions.currentPeriodEnd });
  if (!row) throw new Error('downgrade returned no row');
  return row;
}
