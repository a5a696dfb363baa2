import { count } from 'drizzle-orm';
import { canDeleteSavedProperties, planMessages } from '#domain/plans/plans.ts';
import type { Database } from '../db/database';
import { savedProperties } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { lockPlan } from '../subscriptions/subscription-store';

/**
 * Only the Pro plan may delete saved properties (spec §6), and a workspace above its plan's limit
 * (after a downgrade) down to the limit; others are refused with 403. The subscription row is
 * locked for the transaction, so neither a plan change nor a second delete slips between the
 * check and the delete. Returns false when the workspace owns no such property (another
 * workspace's id looks exactly like a missing one).
 */
export async function deleteSavedProperty(db: Database, workspaceId: string, propertyId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, workspaceId);
    const [saved] = await tx
      .select({ count: count() })
      .from(savedProperties)
      .where(inWorkspace(savedProperties, workspaceId));
    if (!canDeleteSavedProperties(plan, saved?.count ?? 0)) {
      throw new Refusal(403, planMessages.deletionProOnly);
    }
    const deleted = await tx
      .delete(savedProperties)
      .where(ownedRow(savedProperties, propertyId, workspaceId))
      .returning({ id: savedProperties.id });
    return deleted.length > 0;
  });
}
