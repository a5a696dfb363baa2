import type { photos } from '../db/schema';

/** A photo as the API answers it: never its storage keys; its image is read at /api/photos/{id}/file. */
export function photoView(row: typeof photos.$inferSelect) {
  return {
    id: row.id,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
  };
}

export type PhotoView = ReturnType<typeof photoView>;
