import { and, count, eq } from 'drizzle-orm';
import { canDeleteSavedProperties, planMessages } from '#domain/plans/plans.ts';
import type { Database } from '../db/database';
import { photos, savedProperties } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { lockPlan } from '../subscriptions/subscription-store';

/**
 * Only the Pro plan may delete saved properties (spec §6), and a workspace above its plan's limit
 * (after a downgrade) down to the limit; others are refused with 403. The subscription row is
 * locked for the transaction, so neither a plan change nor a second delete slips between the
 * check and the delete. Returns false when the workspace owns no such property (another
 * workspace's id looks exactly like a missing one). Its photos' rows go with it (cascade); their
 * stored files are handed to `removePhotoFiles` once the delete is committed.
 */
export async function deleteSavedProperty(
  db: Database,
  workspaceId: string,
  propertyId: string,
  removePhotoFiles: (keys: string[]) => Promise<void>,
): Promise<boolean> {
  const photoFiles: string[] = [];
  const deleted = await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, workspaceId);
    const [saved] = await tx
      .select({ count: count() })
      .from(savedProperties)
      .where(inWorkspace(savedProperties, workspaceId));
    if (!canDeleteSavedProperties(plan, saved?.count ?? 0)) {
      throw new Refusal(403, planMessages.deletionProOnly);
    }
    // Locked first: an upload adds a photo under this lock (photos/save-photo.ts), so none slips in unlisted.
    await tx
      .select({ id: savedProperties.id })
      .from(savedProperties)
      .where(ownedRow(savedProperties, propertyId, workspaceId))
      .for('update');
    const files = await tx
      .select({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey })
      .from(photos)
      .where(and(inWorkspace(photos, workspaceId), eq(photos.savedPropertyId, propertyId)));
    const rows = await tx
      .delete(savedProperties)
      .where(ownedRow(savedProperties, propertyId, workspaceId))
      .returning({ id: savedProperties.id });
    if (rows.length > 0) photoFiles.push(...files.flatMap((file) => [file.storageKey, file.thumbnailKey]));
    return rows.length > 0;
  });
  await removePhotoFiles(photoFiles);
  return deleted;
}
