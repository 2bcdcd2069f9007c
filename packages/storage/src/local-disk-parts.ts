import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@evident/core/errors';
import type { LocalDiskStorage } from './local-disk';
import { alreadyUploaded, commitOnce, type DiskFiles, tooLarge, watchBody } from './local-disk-files';
import type { UploadPartBudget } from './upload-part-budget';

/** Resumable uploads in parts on the local store (protocol at the top of local-disk.ts). */

export const maxUploadParts = 10_000;

/** The finished parts of `file` on disk, by part number. */
export async function finishedPartSizes(files: DiskFiles, file: string): Promise<Map<number, number>> {
  return new Map((await files.listParts(file)).map(({ part, size }) => [part, size]));
}

export async function writeUploadPart(
  files: DiskFiles,
  budget: UploadPartBudget,
  { objectPath, part, body, declaredLength, maxBytes }: Parameters<LocalDiskStorage['writeUploadPart']>[0],
) {
  if (!Number.isInteger(part) || part < 1 || part > maxUploadParts) {
    throw new AppError('BAD_REQUEST', `Part numbers run from 1 to ${maxUploadParts}`);
  }
  const file = files.fileOf(objectPath);
  const watch = watchBody(body);
  if (await files.statFile(objectPath)) throw alreadyUploaded();
  if (declaredLength !== undefined && declaredLength > maxBytes) throw tooLarge(maxBytes);
  // Parts written at the same time count against the grant together, byte by byte (upload-part-budget.ts).
  const reservation = await budget.reserve(file, part, declaredLength, maxBytes);
  const limits = { maxBytes, declaredLength, once: false, admit: reservation.received };
  try {
    const size = await files.writeInto(files.partFileOf(file, part), 'upload', body, watch, limits);
    reservation.finish(size);
    return { part, size };
  } catch (error) {
    reservation.release();
    throw error;
  }
}

export async function listUploadParts(
  files: DiskFiles,
  objectPath: string,
): ReturnType<LocalDiskStorage['listUploadParts']> {
  const file = files.fileOf(objectPath);
  const parts = (await files.listParts(file)).map(({ part, size }) => ({ part, size }));
  const done = await files.statFile(objectPath);
  if (done && parts.length === 0) return { parts, complete: true, size: done.size };
  return { parts, complete: false };
}

export async function completeUploadParts(
  files: DiskFiles,
  { objectPath, partCount, maxBytes }: Parameters<LocalDiskStorage['completeUploadParts']>[0],
) {
  if (!Number.isInteger(partCount) || partCount < 1 || partCount > maxUploadParts) {
    throw new AppError('BAD_REQUEST', `Part count must be between 1 and ${maxUploadParts}`);
  }
  const file = files.fileOf(objectPath);
  if (await files.statFile(objectPath)) throw alreadyUploaded();
  const parts = await files.listParts(file);
  for (let expected = 1; expected <= partCount; expected++) {
    if (parts[expected - 1]?.part !== expected) throw new AppError('CONFLICT', `Part ${expected} is missing`);
  }
  const extra = parts[partCount];
  if (extra) throw new AppError('CONFLICT', `Part ${extra.part} is beyond the part count ${partCount}`);
  const total = parts.reduce((sum, part) => sum + part.size, 0);
  if (total > maxBytes) {
    await files.removeParts(file);
    throw tooLarge(maxBytes);
  }

  const temp = files.tempFileBeside(file, 'join');
  let written = 0;
  // Streams each part through one open file in order: constant memory even for 1 GB.
  async function* joined() {
    for (const part of parts) {
      for await (const chunk of createReadStream(part.path)) {
        written += (chunk as Buffer).length;
        // A part replaced since the listing could push the total over; recheck as bytes go by.
        if (written > maxBytes) throw tooLarge(maxBytes);
        yield chunk as Buffer;
      }
    }
  }
  try {
    await pipeline(joined, createWriteStream(temp, { flags: 'wx' }));
    await commitOnce(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await files.removeParts(file);
  return { size: written };
}
