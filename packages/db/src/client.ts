import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { parseOnceForDrizzle } from './pglite-parsers';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either engine: queries are written once against the common Postgres dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * PostgreSQL's LISTEN/NOTIFY, which reaches every connection to the database: how server instances
 * sharing one database tell each other what happened. Payloads stay under PostgreSQL's 8000 bytes.
 */
export type Notifications = {
  /** Calls `onPayload` for every notification on the channel; `onListen` each time listening (re)starts. */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Null on the embedded database: one process, so events stay in it. */
  notifications: Notifications | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Beside the sources in packages/db, or beside the server's bundle, which copies them there. */
const migrationsFolder = [new URL('../migrations', import.meta.url), new URL('./migrations', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(join(dir, 'meta', '_journal.json')));

/**
 * PostgreSQL's default 128MB of shared buffers costs about 850 MB of WASM memory in PGlite; 8MB
 * (1,024 pages) keeps the server under 250 MB at rest, and pages it misses come from the operating
 * system's file cache, plenty for one RTO's data. PGlite's own parameters stay.
 */
const embeddedStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * `dataDir` undefined keeps PGlite in memory (tests); `loadDataDir` starts it from a dump
   * (`dumpDataDir`) instead of an empty cluster, which skips initdb (tests clone a migrated one).
   * `rawClient`: the caller queries the PGlite client itself (`db.$client`, the bench's bare
   * server), not through drizzle, so PGlite keeps its own parsers (pglite-parsers.ts).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; rawClient?: boolean };

/** Any fixed number, the same in every instance: the advisory lock that lets one migrate at a time. */
const migrationLockKey = 482_615_203_117;

/**
 * Runs `work` holding a session-level advisory lock on a connection of its own (the pool may have
 * a single connection, which the migration needs). Instances started together on a new database
 * raced to create the same types and all but one failed; now the others wait here and then find
 * every migration applied. A connection that dies releases the lock with it.
 */
async function holdingMigrationLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lock`select pg_advisory_lock(${migrationLockKey})`;
    try {
      return await work();
    } finally {
      // Should this fail, ending the connection below releases the lock all the same.
      await lock`select pg_advisory_unlock(${migrationLockKey})`.catch(() => {});
    }
  } finally {
    await lock.end({ timeout: 5 });
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!migrationsFolder)
    throw new Error('database migrations not found beside packages/db or the server bundle');
  if (options.kind === 'postgres') {
    const client = postgres(options.url, { max: options.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    return {
      db,
      kind: 'postgres',
      notifications: {
        // postgres.js keeps one connection for all listeners and reconnects it (calling onListen again).
        async listen(channel, onPayload, onListen) {
          await client.listen(channel, onPayload, onListen);
        },
        async notify(channel, payload) {
          await client.notify(channel, payload);
        },
      },
      async migrate() {
        const { migrate } = await import('drizzle-orm/postgres-js/migrator');
        await holdingMigrationLock(options.url, () => migrate(db, { migrationsFolder }));
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    startParams: embeddedStartParams,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  if (!options.rawClient) await parseOnceForDrizzle(client);
  const db = drizzlePglite(client, { schema });
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    notifications: null,
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder });
    },
    close: () => client.close(),
  };
}

const embedded = new WeakSet<object>();

/**
 * Whether `db` is an embedded PGlite database: one connection, used by this process alone (the data
 * folder is locked to it), so a transaction held open stops every other query until it ends.
 */
export function isEmbedded(db: Database): boolean {
  return embedded.has(db);
}

export async function ping(db: Database): Promise<void> {
  await db.execute('select 1');
}
