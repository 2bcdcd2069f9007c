import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessRunning } from '@evident/core/process-alive';

/** Who holds a data folder: written into DATA_DIR/evident.lock. */
type Holder = { pid: number; role: string; since: string };

export class DataLockError extends Error {}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number'
      ? { pid: holder.pid, role: String(holder.role), since: String(holder.since) }
      : null;
  } catch {
    return null;
  }
}

/**
 * One process per data folder: the embedded database must never be opened twice (a second writer
 * loses its changes, or corrupts the first's). The lock file names its holder; a holder that no longer
 * runs (kill -9, power cut) leaves a stale file that the next process takes over.
 * Released when this process exits.
 */
export function lockDataDir(dataDir: string, role: 'server' | 'cli'): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'evident.lock');
  const me: Holder = { pid: process.pid, role, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isProcessRunning(holder.pid))
        throw new DataLockError(describe(holder, role, dataDir));
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    const release = () => {
      if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
    };
    process.once('exit', release);
    return { release };
  }
  throw new DataLockError(`Could not lock ${dataDir}: another process keeps taking it.`);
}

function describe(holder: Holder, role: 'server' | 'cli', dataDir: string): string {
  const who =
    holder.role === 'server'
      ? `the Evident server (pid ${holder.pid})`
      : `an Evident command (pid ${holder.pid})`;
  const what =
    role === 'server'
      ? 'Stop it first, or give this server another DATA_DIR.'
      : 'Stop it first, then run this command again.';
  return `${dataDir} is in use by ${who} since ${holder.since}. ${what}`;
}
