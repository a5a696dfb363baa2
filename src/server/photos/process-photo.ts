import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import {
  isPhotoContentType,
  MAX_PHOTO_BYTES,
  photoMessages,
  type PhotoContentType,
} from '#domain/photos/photo-rules.ts';
import { Refusal } from '../http/refusal';

/** The longest side of a stored photo, in pixels: sharp on a deal page, a fraction of a phone's original. */
export const PHOTO_MAX_SIDE = 2048;
/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_MAX_SIDE = 480;
/** Images larger than this many pixels are refused unread (a small file can declare a huge canvas). */
const MAX_INPUT_PIXELS = 100_000_000;

export interface ProcessedPhoto {
  contentType: PhotoContentType;
  bytes: Uint8Array;
  width: number;
  height: number;
  thumbnail: Uint8Array;
}

/** The uploaded file's type as its bytes say, whatever its name or the declared type. */
async function sniffPhotoType(bytes: Uint8Array): Promise<PhotoContentType> {
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!isPhotoContentType(type)) throw new Refusal(415, photoMessages.wrongType, { code: 'unsupported-media-type' });
  return type;
}

function encode(image: Sharp, contentType: PhotoContentType) {
  if (contentType === 'image/png') return image.png();
  if (contentType === 'image/webp') return image.webp({ quality: 85 });
  return image.jpeg({ quality: 85 });
}

/**
 * A photo as the app keeps and serves it: refused unless its content is JPEG, PNG or WebP (415) and
 * at most MAX_PHOTO_BYTES (413); turned upright by its orientation tag, then re-encoded within
 * PHOTO_MAX_SIDE with no metadata at all (sharp keeps none unless asked), so no location, camera or
 * owner reaches anyone who sees it; with a thumbnail. A file that does not decode is 422.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw new Refusal(400, photoMessages.empty, { code: 'unsupported-media-type' });
  if (bytes.length > MAX_PHOTO_BYTES) throw new Refusal(413, photoMessages.tooLarge, { code: 'payload-too-large' });
  const contentType = await sniffPhotoType(bytes);
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const full = await encode(
      upright
        .clone()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
      contentType,
    ).toBuffer({ resolveWithObject: true });
    const thumbnail = await encode(
      upright
        .clone()
        .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
      contentType,
    ).toBuffer();
    return {
      contentType,
      bytes: new Uint8Array(full.data),
      width: full.info.width,
      height: full.info.height,
      thumbnail: new Uint8Array(thumbnail),
    };
  } catch (error) {
    throw new Refusal(422, photoMessages.unreadable, { code: 'photo-unreadable', cause: error });
  }
}
