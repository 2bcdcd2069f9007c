import {
  fitWithin,
  isReencodablePhotoType,
  jpegFileName,
  maxPhotoSide,
  photoJpegQuality,
} from '@evident/core/image-resize';

/**
 * Shrinks a phone photo in the browser before it is uploaded: the longest side goes down to 2560 px
 * and the pixels are re-encoded as JPEG. Drawing the decoded bitmap onto a canvas keeps only pixels,
 * so EXIF, GPS location and maker notes are all gone; orientation survives because the bitmap is
 * decoded with `imageOrientation: 'from-image'` (the EXIF rotation is applied to the pixels).
 *
 * Stripping the location is the point as much as the size is: a photo that decodes is always sent
 * re-encoded, even when that makes it larger, and never as the original bytes.
 *
 * No React and no app state here: the benchmark loads this module on its own in a headless browser.
 */

export type CompressImageOptions = {
  /** Longest side in pixels (default 2560). */
  maxSide?: number;
  /** JPEG quality between 0 and 1 (default 0.82). */
  quality?: number;
};

export type CompressedImage = {
  /** What to upload: the re-encoded JPEG, or the original bytes when this browser cannot decode the photo. */
  blob: Blob;
  fileName: string;
  fileType: string;
  /** True when `blob` is the re-encoded JPEG (upright, no metadata). */
  reencoded: boolean;
  /** Decoded size of the original (after EXIF rotation) and of the upload, in pixels; null when undecodable. */
  originalDimensions: { width: number; height: number } | null;
  dimensions: { width: number; height: number } | null;
};

function original(file: Blob, fileName: string): CompressedImage {
  return {
    blob: file,
    fileName,
    fileType: file.type,
    reencoded: false,
    originalDimensions: null,
    dimensions: null,
  };
}

/**
 * Resizes and re-encodes a JPEG, PNG or WebP photo. Anything else (HEIC, which only Safari decodes,
 * video, documents), a browser without createImageBitmap, or a file that fails to decode comes back
 * unchanged: there are no pixels to re-encode, and refusing the upload would lose the evidence.
 *
 * Rejects when the photo decoded but could not be re-encoded (the canvas ran out of memory, say):
 * sending the original then would leak its location. The upload fails as one worth retrying.
 */
export async function compressImage(
  file: Blob,
  fileName: string,
  options: CompressImageOptions = {},
): Promise<CompressedImage> {
  if (!isReencodablePhotoType(file.type) || typeof createImageBitmap !== 'function') {
    return original(file, fileName);
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return original(file, fileName);
  }
  try {
    const target = fitWithin(bitmap.width, bitmap.height, options.maxSide ?? maxPhotoSide);
    const jpeg = await encodeJpeg(bitmap, target.width, target.height, options.quality ?? photoJpegQuality);
    if (!jpeg) throw new Error('Could not re-encode the photo');
    // Sent even when larger than the original: the original's EXIF would carry the location along.
    return {
      blob: jpeg,
      fileName: jpegFileName(fileName),
      fileType: 'image/jpeg',
      reencoded: true,
      originalDimensions: { width: bitmap.width, height: bitmap.height },
      dimensions: { width: target.width, height: target.height },
    };
  } finally {
    bitmap.close();
  }
}

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function draw(context: Context2D, bitmap: ImageBitmap, width: number, height: number) {
  // JPEG has no transparency: a transparent PNG would otherwise turn black where it was clear.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

async function encodeJpeg(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  quality: number,
): Promise<Blob | null> {
  // OffscreenCanvas encodes off the main thread where it can; Safari before 16.4 lacks it.
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      draw(context, bitmap, width, height);
      return canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context, bitmap, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  // Free the canvas's backing store at once; iOS counts it against a small total canvas budget.
  canvas.width = 0;
  canvas.height = 0;
  return blob;
}
