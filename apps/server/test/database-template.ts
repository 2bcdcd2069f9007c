import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@evident/db/client';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Sql } from 'postgres';

/**
 * Every test file starts from a freshly migrated database. Building one from nothing costs PGlite an
 * initdb (seconds of WASM per file) and PostgreSQL the whole migration history; copying a migrated
 * template costs a fraction of either. A template is made once for a given set of migrations (and
 * PGlite version) and kept: a PGlite dump under .tmp/, a database on the PostgreSQL server. The
 * harness still runs `migrate()` on every copy, which finds nothing to do unless the template is
 * behind, so a stale template can cost time but never a missing migration.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const migrationsFolder = join(repoRoot, 'packages/db/migrations');

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

let cachedKey: string | undefined;
/** Names the migrations (every file, by content) and the PGlite that made the dump. */
function templateKey(): string {
  if (cachedKey) return cachedKey;
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of filesUnder(migrationsFolder))
    hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  cachedKey = hash.digest('hex').slice(0, 16);
  return cachedKey;
}

let pgliteDump: Blob | undefined;

/** A dump of a migrated PGlite cluster, for `openDatabase({ kind: 'pglite', loadDataDir })`. */
export async function pgliteTemplate(): Promise<Blob> {
  if (pgliteDump) return pgliteDump;
  const file = join(repoRoot, '.tmp', `pglite-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const client = await PGlite.create();
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(dirname(file), { recursive: true });
    // Files in parallel may both build it; each writes its own and the rename makes either whole.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  pgliteDump = new Blob([readFileSync(file)]);
  return pgliteDump;
}

/**
 * The name of a migrated database on the server `admin` is connected to (one connection: the
 * advisory lock is held by it), made by the first file that asks, for `CREATE DATABASE … TEMPLATE`.
 */
export async function postgresTemplate(admin: Sql, serverUrl: string): Promise<string> {
  const name = `evident_template_${templateKey()}`;
  await admin`select pg_advisory_lock(hashtext(${name}))`;
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    // Built under another name and renamed when whole, so a killed run leaves no half-migrated template.
    const building = `${name}_building`;
    await admin.unsafe(`drop database if exists ${building} with (force)`);
    await admin.unsafe(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
    await handle.migrate();
    await handle.close();
    await admin.unsafe(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext(${name}))`;
  }
}
