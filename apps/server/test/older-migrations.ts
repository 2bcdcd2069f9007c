import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@evident/db/client';

const migrationsFolder = fileURLToPath(new URL('../../../packages/db/migrations', import.meta.url));

export type OlderMigrations = {
  /** Migrates as the older server did: drizzle's own migrator on the shorter journal. */
  migrate(database: DatabaseHandle): Promise<void>;
  remove(): void;
};

/**
 * The migrations folder as a build before `tag` shipped it: a copy whose journal ends just before it.
 * A test writes data on that schema as the older build did, then starts the newer build's migrate().
 */
export function migrationsBefore(tag: string): OlderMigrations {
  const folder = mkdtempSync(join(tmpdir(), `evident-migrations-before-${tag}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`${tag} is not in the journal`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return {
    async migrate(database) {
      if (database.kind === 'pglite') {
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        // biome-ignore lint/suspicious/noExplicitAny: both migrators take the one drizzle database
        await migrate(database.db as any, { migrationsFolder: folder });
      } else {
        const { migrate } = await import('drizzle-orm/postgres-js/migrator');
        // biome-ignore lint/suspicious/noExplicitAny: both migrators take the one drizzle database
        await migrate(database.db as any, { migrationsFolder: folder });
      }
    },
    remove() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A raw query's rows, as PGlite (`{ rows }`) and postgres.js (an array) each answer them. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
