import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessRunning } from '@evident/core/process-alive';

/**
 * Where a conversion works: a private folder per video holding a full copy of the original. Its
 * name carries the process id (`evident-video-<pid>-XXXXXX`), so a later start can tell the folders
 * of a process that died mid-conversion (`kill -9`, a power cut) from those of one still running
 * beside it in the same parent folder.
 */
const workPrefix = 'evident-video-';
const named = /^evident-video-(\d+)-[^/]+$/;

export async function createVideoWorkFolder(parent: string): Promise<string> {
  await mkdir(parent, { recursive: true });
  return mkdtemp(join(parent, `${workPrefix}${process.pid}-`));
}

/**
 * Removes work folders in `parent` that no running conversion can own: those of a process that is
 * gone, those carrying this process's own id (made by an earlier process that had the same id, since
 * this one has made none yet when it starts), and any older than `olderThanMs` (a process id the
 * system gave to someone else meanwhile; no conversion outlives its time limit). Run at start-up;
 * answers how many went. Best effort: an unreadable folder is left alone.
 */
export async function removeStaleVideoWork(parent: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(workPrefix)) continue;
    const path = join(parent, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory()) continue;
    const pid = Number(named.exec(name)?.[1] ?? Number.NaN);
    const orphaned = Number.isSafeInteger(pid) && (pid === process.pid || !isProcessRunning(pid));
    if (orphaned || Date.now() - info.mtimeMs > olderThanMs) {
      await rm(path, { recursive: true, force: true }).catch(() => undefined);
      removed++;
    }
  }
  return removed;
}
