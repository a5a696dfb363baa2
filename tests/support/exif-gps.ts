// Reads the GPS latitude an image's EXIF block carries (TIFF IFD0 → GPS IFD, tag 0x8825 → tag 2),
// so tests can show a location was in an upload and is gone from what the app serves.
import sharp from 'sharp';

/** The EXIF GPS latitude in degrees (unsigned), or undefined when the image has no EXIF or no GPS block. */
export async function gpsLatitudeOf(image: Uint8Array): Promise<number | undefined> {
  const { exif } = await sharp(image).metadata();
  if (!exif) return undefined;
  // sharp's block starts with "Exif\0\0", then the TIFF header.
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entry = (ifd: number, tag: number) => {
    const count = u16(ifd);
    for (let index = 0; index < count; index++) {
      const at = ifd + 2 + index * 12;
      if (u16(at) === tag) return at;
    }
    return undefined;
  };
  const gpsPointer = entry(u32(4), 0x8825);
  if (gpsPointer === undefined) return undefined;
  const latitude = entry(u32(gpsPointer + 8), 0x0002);
  if (latitude === undefined) return undefined;
  const values = u32(latitude + 8);
  const rational = (index: number) => u32(values + index * 8) / u32(values + index * 8 + 4);
  return rational(0) + rational(1) / 60 + rational(2) / 3600;
}

/** A JPEG of `width` × `height` whose EXIF carries a location (30°16'30" N, 97°44' W) and an owner's name. */
export function jpegWithLocation(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Ann Lee' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' },
    })
    .toBuffer();
}
