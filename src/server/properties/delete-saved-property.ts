import { and, eq } from 'drizzle-orm';
import { canDeleteSavedProperties, planMessages } from '../../domain/plans/plans';
import type { Database } from '../db/database';
import { savedProperties, subscriptions } from '../db/schema';
import { Refusal } from '../http/refusal';

/**
 * Only the Pro plan may delete saved properties (spec §6); others are refused with 403. The plan is read under a share lock in the same transaction, so a
 * downgrade cannot slip between the check and the delete. Returns false when the user owns
 * no such property (another user's id looks exactly like a missing one).
 */
export async function deleteSavedProperty(db: Database, userId: string, propertyId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select({ plan: subscriptions.plan })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for('share');
    if (!canDeleteSavedProperties(subscription?.plan ?? 'free')) throw new Refusal(403, planMessages.deletionProOnly);
    const deleted = await tx
      .delete(savedProperties)
      .where(and(eq(savedProperties.id, propertyId), eq(savedProperties.userId, userId)))
      .returning({ id: savedProperties.id });
    return deleted.length > 0;
  });
}
