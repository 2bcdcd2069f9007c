import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/start-server';

/** Instances sharing one PostgreSQL database: only meaningful there (PGlite is one process's own). */
const serverUrl = process.env.TEST_DATABASE_URL;

let url = '';
let admin: ReturnType<typeof postgres> | null = null;
const name = `evident_test_together_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  if (!serverUrl) return;
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // Empty: no template, so every start finds every migration still to run.
  await admin.unsafe(`create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  url = target.toString();
});
afterAll(async () => {
  if (!admin) return;
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

function configFor() {
  return loadConfig({
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'evident-together-')),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
  });
}

describe.runIf(serverUrl)('instances started together on an empty PostgreSQL database', () => {
  it('migrate one after another: every one starts and answers healthy, and each migration ran once', async () => {
    const starts = await Promise.allSettled([1, 2, 3, 4].map(() => startServer(configFor())));
    const servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    try {
      const failures = starts.flatMap((start) => (start.status === 'rejected' ? [String(start.reason)] : []));
      expect(failures).toEqual([]);
      for (const { app } of servers) {
        const health = await app.inject({ method: 'GET', url: '/healthz' });
        expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok', database: 'postgres' }]);
      }
      const first = servers[0];
      if (!first) throw new Error('no server started');
      const applied = await first.database.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`,
      );
      const [row] = applied as unknown as { n: number; distinct_n: number }[];
      expect(row?.n).toBeGreaterThan(0);
      expect(row?.n).toBe(row?.distinct_n);
    } finally {
      await Promise.all(servers.map(({ app }) => app.close()));
    }
  });
});
