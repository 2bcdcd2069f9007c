import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '@evident/core/logger';

/**
 * The HMAC key of the local adapter's signed file URLs. FILES_SECRET wins; without it a random key
 * is made once and kept in DATA_DIR/files-secret (mode 0600), so URLs already handed out survive a
 * restart. That is enough for one instance; several instances behind a balancer must share it.
 */
export function resolveFilesSecret(
  options: { secret: string | undefined; secretFile: string; sharedDatabase: boolean },
  log: Logger,
): Buffer {
  if (options.secret) return Buffer.from(options.secret);
  const existing = readSecret(options.secretFile);
  const secret = existing ?? createSecret(options.secretFile);
  if (options.sharedDatabase) {
    log.warn(
      `FILES_SECRET is not set; using the key in ${options.secretFile}. Running several instances? Set FILES_SECRET to the same value on each, or file links signed by one will fail on another.`,
    );
  }
  return secret;
}

function readSecret(file: string): Buffer | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    const secret = Buffer.from(text, 'base64url');
    return secret.length >= 32 ? secret : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function createSecret(file: string): Buffer {
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32);
  try {
    // 'wx': two processes starting together on one DATA_DIR must not each write their own key.
    writeFileSync(file, `${secret.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecret(file);
    if (!winner) throw new Error(`${file} exists but holds no usable key; delete it or set FILES_SECRET`);
    return winner;
  }
}
