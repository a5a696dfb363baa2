import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, photoMessages, PhotoTargetSchema } from '#domain/photos/photo-rules.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { routeBodyLimit } from '../http/limit-request-body';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { createFileStorage } from '../storage/create-file-storage';
import { listPhotos, readPhotoFile } from './list-photos';
import { deletePhoto, photoNotFound, uploadPhoto } from './save-photo';

/** A photo id; anything that is not a UUID is an unknown photo (404), never a 400 or a 500. */
function photoId(id: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw photoNotFound();
  return parsed.data;
}

const FileQuerySchema = z.strictObject({ size: z.enum(['full', 'thumbnail']).default('full') });

/**
 * /api/photos (signed in; issue 39 §3), photos of a saved property or a lead, served only to the
 * workspace (no public address: every read checks the session's workspace):
 * GET / ?savedPropertyId= | ?leadId= → { address, photos } (any member who sees it; 404 otherwise);
 * POST / ?savedPropertyId= | ?leadId=, the image's bytes as the body → 201 { photo } (JPEG, PNG or
 * WebP by content, else 415; over 10 MB 413; the 21st 409 'photos-full'; a Viewer 403);
 * GET /{id}/file ?size=thumbnail → the stored image (resized, no metadata), private to the browser;
 * DELETE /{id} → { deleted: true }. Another workspace's photo, property or lead is 404, nothing changed.
 */
export function photosRoutes(context: AppContext) {
  const { db } = context.database;
  const storage = createFileStorage(context.env);
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', validate('query', PhotoTargetSchema), async (c) =>
      c.json(await listPhotos(db, c.var.member, c.req.valid('query'))),
    )
    .post(
      '/',
      limitPerUser(context, 'photos'),
      routeBodyLimit(MAX_PHOTO_BYTES, photoMessages.tooLarge),
      validate('query', PhotoTargetSchema),
      async (c) => {
        const file = new Uint8Array(await c.req.arrayBuffer());
        const photo = await uploadPhoto(db, storage, c.var.member, c.req.valid('query'), file);
        return c.json({ photo }, 201);
      },
    )
    .get('/:id/file', validate('query', FileQuerySchema), async (c) => {
      const { size } = c.req.valid('query');
      const { bytes, contentType } = await readPhotoFile(db, storage, c.var.member, photoId(c.req.param('id')), size);
      c.header('Content-Type', contentType);
      // A photo's bytes never change under its id; kept by this browser only, never by a shared cache.
      c.header('Cache-Control', 'private, max-age=86400');
      c.header('Content-Disposition', 'inline');
      return c.body(new Uint8Array(bytes));
    })
    .delete('/:id', limitPerUser(context, 'photos'), async (c) => {
      await deletePhoto(db, storage, c.var.member, photoId(c.req.param('id')));
      return c.json({ deleted: true });
    });
}
