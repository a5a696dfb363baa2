import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { billingEvents } from '../db/schema';
import { applySubscriptionState, type ApplyOutcome, type SubscriptionTarget } from './apply-subscription-state';
import type { SubscriptionState } from './subscription-state';

export interface BillingEvent {
  /** The provider's event id (evt_...), or demo billing's own (demo_...): each is applied once. */
  id: string;
  type: string;
}

export type BillingEventOutcome = ApplyOutcome | { outcome: 'duplicate' } | { outcome: 'recorded' };

/** True when the event was applied before (a replay needs no second look at the provider). */
export async function billingEventSeen(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, eventId));
  return row !== undefined;
}

/**
 * Records the event id and applies its state in one transaction: a replayed event (or the same
 * event handled by two server processes at once) finds its id recorded and changes nothing, and
 * an event whose change fails is not recorded, so the provider's retry applies it.
 * Without a state the event is only recorded (an event type that changes no plan).
 */
export async function applyBillingEvent(
  db: Database,
  event: BillingEvent,
  change?: { target: SubscriptionTarget; state: SubscriptionState },
): Promise<BillingEventOutcome> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!recorded) return { outcome: 'duplicate' } as const;
    if (!change) return { outcome: 'recorded' } as const;
    return applySubscriptionState(tx, change.target, change.state);
  });
}
