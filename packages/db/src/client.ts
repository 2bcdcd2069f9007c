import { mkdirSync } from 'node:fs';
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

const migrationsFolder = new URL('../migrations', import.meta.url).pathname;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps PGlite in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
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
  const client = await PGlite.create(options.dataDir);
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
