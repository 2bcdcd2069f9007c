import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either engine: queries are written once against the common Postgres dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Beside the sources in packages/db, or beside the server's bundle, which copies them there. */
const migrationsFolder = [new URL('../migrations', import.meta.url), new URL('./migrations', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(join(dir, 'meta', '_journal.json')));

/**
 * PostgreSQL's default 128MB of shared buffers costs about 850 MB of WASM memory in PGlite; 16MB
 * keeps the server near 250 MB at rest, plenty for one RTO's data. PGlite's own parameters stay.
 */
const embeddedStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps PGlite in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!migrationsFolder)
    throw new Error('database migrations not found beside packages/db or the server bundle');
  if (options.kind === 'postgres') {
    const client = postgres(options.url, { max: options.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const { migrate } = await import('drizzle-orm/postgres-js/migrator');
        await migrate(db, { migrationsFolder });
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { startParams: embeddedStartParams });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder });
    },
    close: () => client.close(),
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute('select 1');
}
