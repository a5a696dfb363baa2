import { z } from 'zod';

/** Photos one saved property or lead keeps at most (issue 39). */
export const MAX_PHOTOS_PER_PROPERTY = 20;

/** The largest photo file taken, in bytes (10 MB: a phone's full-size JPEG fits). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The image types taken, as their content says (never their name): a phone's picker hands over JPEG. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

export const isPhotoContentType = (type: string | undefined): type is PhotoContentType =>
  (PHOTO_CONTENT_TYPES as readonly (string | undefined)[]).includes(type);

/** Refusals a member sees, word for word on the server and the web. */
export const photoMessages = {
  notFound: 'Photo not found',
  propertyNotFound: 'Property not found',
  wrongType: 'Photos must be JPEG, PNG or WebP images.',
  tooLarge: 'A photo can be at most 10 MB.',
  empty: 'Choose a photo to upload.',
  unreadable: 'This photo could not be read. Please try another file.',
  tooMany: `This property already has ${MAX_PHOTOS_PER_PROPERTY} photos, the most it can keep. Delete one to add another.`,
  target: 'Say which saved property or lead the photos are of',
} as const;

/**
 * What photos are of (GET and POST /api/photos): exactly one saved property or one lead, by id.
 * An id that is not a UUID is refused here as an unknown property or lead.
 */
export const PhotoTargetSchema = z.union(
  [
    z.strictObject({ savedPropertyId: z.uuid(photoMessages.propertyNotFound) }),
    z.strictObject({ leadId: z.uuid('Lead not found') }),
  ],
  { error: photoMessages.target },
);
export type PhotoTarget = z.infer<typeof PhotoTargetSchema>;

/** How a photo is described to a screen reader: its place in the list and what it is of. */
export function photoAltText(position: number, total: number, address: string): string {
  return `Photo ${position} of ${total}, ${address}`;
}
