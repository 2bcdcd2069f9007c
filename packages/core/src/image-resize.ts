/**
 * The maths of shrinking a photo before upload (spec: a 12-megapixel phone photo should upload at
 * well under 1 MB). The browser work itself lives in the web app; these rules are pure.
 */

/** Longest side of an uploaded photo, in pixels: sharp on any screen, a fraction of a phone's 4000+. */
export const maxPhotoSide = 2560;

/** JPEG quality for re-encoded photos: visually clean for workplace photos, a fifth of the camera's size. */
export const photoJpegQuality = 0.82;

/**
 * Types a browser can decode with createImageBitmap everywhere and that are worth re-encoding.
 * HEIC is left alone: only Safari decodes it (and Safari's file picker already hands over a JPEG).
 */
const reencodableTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function isReencodablePhotoType(mimeType: string): boolean {
  return reencodableTypes.has((mimeType.split(';')[0] ?? '').trim().toLowerCase());
}

/** Scales `width` x `height` down (never up) so the longest side is at most `maxSide`, keeping the aspect ratio. */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number = maxPhotoSide,
): { width: number; height: number; scaled: boolean } {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest <= 0) return { width, height, scaled: false };
  const ratio = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
    scaled: true,
  };
}

/** `IMG_0042.PNG` -> `IMG_0042.jpg`: the name of a photo after it was re-encoded as JPEG. */
export function jpegFileName(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}
