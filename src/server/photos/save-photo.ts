import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, or } from 'drizzle-orm';
import { MAX_PHOTOS_PER_PROPERTY, photoMessages, type PhotoTarget } from '#domain/photos/photo-rules.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { leads, photos } from '../db/schema';
import { leadsVisibleTo, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { logger } from '../observability/logger';
import { removeStoredFiles, type FileStorage } from '../storage/file-storage';
import { assertMayChangePhotos, findPhotoTarget } from './photo-target';
import { photoView } from './photo-view';
import { processPhoto } from './process-photo';

export const photoNotFound = () => new Refusal(404, photoMessages.notFound, { code: 'photo-not-found' });

const extensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Removes stored files that no row names (a refused or failed upload, a deleted photo); a failure is logged, never the caller's. */
export const removePhotoFiles = (storage: FileStorage, keys: readonly string[]) =>
  removeStoredFiles(storage, keys, (key, error) => logger.warn({ error, key }, 'a photo file was not removed'));

/**
 * POST /api/photos: a photo of a saved property or lead the member sees (404 otherwise) and may
 * change (403), processed (processPhoto: content checked, resized, metadata removed) and stored
 * before its row is written; the row is added under the property's or lead's lock, so at most
 * MAX_PHOTOS_PER_PROPERTY are kept however many upload at once (409 'photos-full'). A refused
 * upload leaves no file behind.
 */
export async function uploadPhoto(
  db: Database,
  storage: FileStorage,
  member: WorkspaceMember,
  target: PhotoTarget,
  file: Uint8Array,
) {
  // Refused before the image is decoded: decoding is the costly part.
  assertMayChangePhotos(member, await findPhotoTarget(db, member, target));
  const processed = await processPhoto(file);
  const id = randomUUID();
  const extension = extensions[processed.contentType];
  const storageKey = `photos/${id}.${extension}`;
  const thumbnailKey = `photos/${id}-thumbnail.${extension}`;
  await storage.put(storageKey, processed.bytes, processed.contentType);
  try {
    await storage.put(thumbnailKey, processed.thumbnail, processed.contentType);
    const row = await db.transaction(async (tx) => {
      assertMayChangePhotos(member, await findPhotoTarget(tx, member, target, { lock: true }));
      const [kept] = await tx
        .select({ n: count() })
        .from(photos)
        .where(
          'savedPropertyId' in target
            ? eq(photos.savedPropertyId, target.savedPropertyId)
            : eq(photos.leadId, target.leadId),
        );
      if ((kept?.n ?? 0) >= MAX_PHOTOS_PER_PROPERTY) {
        throw new Refusal(409, photoMessages.tooMany, { code: 'photos-full' });
      }
      const [inserted] = await tx
        .insert(photos)
        .values({
          id,
          workspaceId: member.workspaceId,
          ...target,
          contentType: processed.contentType,
          width: processed.width,
          height: processed.height,
          byteSize: processed.bytes.length,
          storageKey,
          thumbnailKey,
          uploadedByUserId: member.userId,
        })
        .returning();
      if (!inserted) throw new Error('photos insert returned no row');
      return inserted;
    });
    return photoView(row);
  } catch (error) {
    await removePhotoFiles(storage, [storageKey, thumbnailKey]);
    throw error;
  }
}

/**
 * The photo `id` when the member sees it: their workspace's, of a saved property or of a lead they
 * see (leadsVisibleTo). Another workspace's or an unseen one matches nothing.
 */
export function visiblePhoto(id: string, member: WorkspaceMember) {
  return and(ownedRow(photos, id, member), or(isNull(photos.leadId), leadsVisibleTo(member)));
}

/** DELETE /api/photos/{id}: a photo the member sees (404 otherwise) and may change (403), its files removed once the row is gone. */
export async function deletePhoto(db: Database, storage: FileStorage, member: WorkspaceMember, id: string) {
  const removed = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ photo: photos, leadStatus: leads.status })
      .from(photos)
      .leftJoin(leads, eq(leads.id, photos.leadId))
      .where(visiblePhoto(id, member))
      .for('update', { of: photos });
    if (!found) throw photoNotFound();
    assertMayChangePhotos(member, { address: '', leadStatus: found.leadStatus });
    await tx.delete(photos).where(ownedRow(photos, id, member));
    return found.photo;
  });
  await removePhotoFiles(storage, [removed.storageKey, removed.thumbnailKey]);
}
