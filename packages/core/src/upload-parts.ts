/**
 * Planning a resumable upload in parts (local-disk protocol, packages/storage/src/local-disk.ts, or
 * an S3 multipart upload, packages/storage/src/s3-multipart.ts): which byte ranges go as which part
 * numbers, and which of them still need sending after the server listed what it already has. The
 * client and the server cut the same plan from the file's size and the part size.
 */

/** Above this size a file goes up in parts (when the store takes parts), so a dropped connection costs one part. */
export const partedUploadThreshold = 20 * 1024 * 1024;

export type UploadPart = {
  /** Numbered from 1. */
  part: number;
  /** Byte offset of the first byte. */
  start: number;
  /** Byte offset one past the last byte. */
  end: number;
};

export function shouldUploadInParts(
  size: number,
  parts: { partSize: number; maxParts: number } | null,
  threshold: number = partedUploadThreshold,
): boolean {
  return parts !== null && size > threshold && Math.ceil(size / parts.partSize) <= parts.maxParts;
}

/** Cuts `size` bytes into parts of `partSize` (the last one shorter). An empty file is one empty part. */
export function planUploadParts(size: number, partSize: number): UploadPart[] {
  if (!Number.isInteger(partSize) || partSize <= 0)
    throw new RangeError('partSize must be a positive integer');
  if (size <= 0) return [{ part: 1, start: 0, end: 0 }];
  const plan: UploadPart[] = [];
  for (let start = 0, part = 1; start < size; start += partSize, part += 1) {
    plan.push({ part, start, end: Math.min(size, start + partSize) });
  }
  return plan;
}

/**
 * The parts still to send: those the server does not list, or lists with a different size (a part
 * from an older attempt cut differently is sent again rather than trusted).
 */
export function partsToSend(
  plan: readonly UploadPart[],
  received: readonly { part: number; size: number }[],
): UploadPart[] {
  const sizes = new Map(received.map((entry) => [entry.part, entry.size]));
  return plan.filter((entry) => sizes.get(entry.part) !== entry.end - entry.start);
}
