import { and, asc, eq } from 'drizzle-orm';
import type { PhotoTarget } from '#domain/photos/photo-rules.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { leads, photos } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import type { FileStorage } from '../storage/file-storage';
import { findPhotoTarget } from './photo-target';
import { photoView } from './photo-view';
import { photoNotFound, visiblePhoto } from './save-photo';

/** GET /api/photos: a saved property's or lead's photos, oldest first, for any member who sees it (404 otherwise). */
export async function listPhotos(db: Database, member: WorkspaceMember, target: PhotoTarget) {
  const { address } = await findPhotoTarget(db, member, target);
  const rows = await db
    .select()
    .from(photos)
    .where(
      and(
        inWorkspace(photos, member),
        'savedPropertyId' in target
          ? eq(photos.savedPropertyId, target.savedPropertyId)
          : eq(photos.leadId, target.leadId),
      ),
    )
    .orderBy(asc(photos.createdAt), asc(photos.id));
  return { address, photos: rows.map(photoView) };
}

/** GET /api/photos/{id}/file: the stored image (or its thumbnail) of a photo the member sees; 404 otherwise. */
export async function readPhotoFile(
  db: Database,
  storage: FileStorage,
  member: WorkspaceMember,
  id: string,
  size: 'full' | 'thumbnail',
) {
  const [found] = await db
    .select({ photo: photos })
    .from(photos)
    .leftJoin(leads, eq(leads.id, photos.leadId))
    .where(visiblePhoto(id, member));
  if (!found) throw photoNotFound();
  const bytes = await storage.get(size === 'thumbnail' ? found.photo.thumbnailKey : found.photo.storageKey);
  if (!bytes) throw photoNotFound();
  return { bytes, contentType: found.photo.contentType };
}
