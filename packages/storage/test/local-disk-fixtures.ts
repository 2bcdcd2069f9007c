import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** Every file under a folder, relative, including dot files: proof that nothing was left behind. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

/** A body of `count` chunks of `size` bytes each, streamed as an upload arrives. */
export function chunks(count: number, size: number, fill = 0x61): Readable {
  const chunk = Buffer.alloc(size, fill);
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield chunk;
    })(),
  );
}
