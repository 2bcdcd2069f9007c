import type { Readable } from 'node:stream';
import { AppError } from '@evident/core/errors';
import type { ImageProcessor } from '@evident/core/ports/images';

export const thumbnailMaxSide = 480;
export const thumbnailContentType = 'image/webp';
const maxThumbnailInputBytes = 256 * 1024 * 1024;
/**
 * Largest picture decoded for a thumbnail, in pixels (about 26 million: a 6000x4000 camera photo
 * fits). The browser sends photos at most 2560 px a side, so this is generous; its point is the
 * image bomb, a small file that claims 9999x9999 pixels and would take half a gigabyte to decode.
 * sharp reads the size from the header and refuses before decoding.
 */
export const maxThumbnailInputPixels = 25 * 1024 * 1024;

/**
 * A small WebP preview of an evidence photo for lists and the grading screen: turned upright by
 * its EXIF orientation (phones store portraits sideways), fitted inside 480x480 without
 * enlarging, and stripped of metadata (sharp drops EXIF, GPS included, unless told to keep it).
 *
 * Throws AppError UNPROCESSABLE when the image cannot be decoded. Note the prebuilt sharp has no
 * HEVC decoder, so iPhone HEIC photos end up here: treat thumbnails as optional.
 */
export async function createThumbnail(input: Buffer | Readable): Promise<Buffer> {
  // Gathered rather than piped: sharp cannot be told that a piped source broke off (it waits for
  // more input forever), and a truncated JPEG would otherwise come out with a grey bottom half.
  // Evidence photos are capped at tens of megabytes, so holding one is fine.
  const bytes = Buffer.isBuffer(input) ? input : await gather(input);
  // Loaded on the first photo, not at start-up: libvips is sizeable and memory at rest is a target.
  const { default: sharp } = await import('sharp');
  try {
    // failOn 'error' tolerates the small warnings real phone JPEGs often carry.
    return await sharp(bytes, { failOn: 'error', limitInputPixels: maxThumbnailInputPixels })
      .rotate()
      .resize(thumbnailMaxSide, thumbnailMaxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    throw new AppError('UNPROCESSABLE', 'Could not read the image to make a thumbnail', { cause: error });
  }
}

/** The image port, made with sharp. */
export const sharpImages: ImageProcessor = { thumbnailContentType, createThumbnail };

async function gather(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of input) {
      size += (chunk as Buffer).length;
      if (size > maxThumbnailInputBytes) throw new Error('Image too large to thumbnail');
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw new AppError('UNPROCESSABLE', 'Could not read the image to make a thumbnail', { cause: error });
  }
  return Buffer.concat(chunks);
}
