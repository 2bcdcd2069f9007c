import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@evident/core/logger';
import type { Config } from './config';
import { seedDemoData } from './demo-data';
import { ensureInitialAdmin } from './initial-admin';
import type { createServices } from './services';

/**
 * What a start adds to a migrated database: the demo people (only into an empty one) and the
 * initial admin. Demo people first: the seed only runs on an empty database, and the initial admin
 * would make it non-empty.
 */
export async function setUpData(config: Config, services: ReturnType<typeof createServices>, log: Logger) {
  const seeded = config.seedDemo ? await seedDemoData(services) : [];
  if (config.initialAdmin) {
    await ensureInitialAdmin(services.db, services.passwords, config.initialAdmin, log);
  }
  return seeded;
}

/** An embedded database that does not exist yet: its first start runs initdb, every migration and the seed. */
export function isNewEmbeddedDatabase(config: Config): boolean {
  const { database } = config;
  return database.kind === 'pglite' && !existsSync(join(database.dataDir, 'PG_VERSION'));
}

/**
 * Creates, migrates and seeds a new embedded database in a short-lived child process, so the server
 * then opens it fresh. PGlite's WASM heap grows to what initdb and the seed needed and never gives it
 * back: done in the server itself, a first start held 400-600 MB at rest instead of about 250.
 * The parent holds the data folder's lock for the child; both read the same environment.
 */
export function setUpInChildProcess(): Promise<void> {
  // database-setup-child.js beside this chunk in the bundle; the .ts source under tsx (`pnpm dev`).
  const ext = extname(fileURLToPath(import.meta.url));
  const entry = fileURLToPath(new URL(`./database-setup-child${ext}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(entry, [], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`setting up the new database failed (${signal ?? `exit code ${code}`}); see above`));
    });
  });
}
