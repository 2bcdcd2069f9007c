import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase } from '../../packages/db/src/client';
import { freePort, root, startServer } from './harness';
import { alternate, type Comparison, printHeader, type Target } from './limit-measure';
import { knownStatements } from './limit-queries';
import { type LimitData, seedLimitData } from './limit-seed';
import { captureEvidentStatements, warnUnknownStatements } from './limit-sync';
import { startPostgres } from './postgres';

/**
 * Issue 31 §1, `pnpm bench limit [--quick] [--rounds=N] [--only=pg|pglite] [--reads=tasks,user,…]`:
 * Evident's built server against "the limit", a bare Fastify server on the same database and data
 * (limit-server.ts) that sends the same SQL and answers the same JSON. Each read is first checked
 * to answer alike on both, then measured on both in turn (A B A B…) at 50 connections and at 1.
 * PostgreSQL: both servers use one throwaway cluster. PGlite: an embedded database belongs to one
 * process, so the bare server opens a copy of Evident's data folder made after seeding, before either
 * started: the same bytes, engine and settings. CPU is each server process's own (with PGlite that
 * includes the database; with PostgreSQL the database's processes are counted for neither).
 */

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const readsArg = args.find((arg) => arg.startsWith('--reads='))?.slice('--reads='.length);
const roundsArg = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length));
const defaults = quick
  ? { seconds: 3, rounds: 1, taskCounts: [40], cohortSizes: [200] }
  : { seconds: 8, rounds: 3, taskCounts: [10, 40, 120], cohortSizes: [30, 200, 1000] };
// One round of 3 s is at the mercy of whatever else the machine does in those seconds: `--quick
// --rounds=3` gives the quick run's reads a median.
const settings = roundsArg >= 1 ? { ...defaults, rounds: Math.floor(roundsArg) } : defaults;
// Growth at one connection: each size's own cost, not the queue 50 slow requests make (1,000 students on PGlite).
const growthSettings = { seconds: 5, rounds: 2, connections: 1 };
// Evident signs file links with this; the limit signs them the same way.
const filesSecret = 'limit-bench-files-secret-of-32-characters-at-least';

type Read = { key: string; label: string; path: string; cookie: string };

function readsOf(data: LimitData): Read[] {
  // Every fourth task of each seeded student waits for a decision (limit-seed.ts).
  const waiting = settings.taskCounts.reduce((sum, count) => sum + Math.ceil(count / 4), 0);
  const all: Read[] = [
    {
      key: 'tasks',
      label: 'GET /api/student/tasks (40 tasks, 40 submissions)',
      path: '/api/student/tasks',
      cookie: data.students.get(40) ?? '',
    },
    { key: 'user', label: 'GET /api/auth/user', path: '/api/auth/user', cookie: data.students.get(40) ?? '' },
    {
      key: 'submissions',
      label: `GET /api/assessor/submissions (a class of ${data.students.size}: ${waiting} waiting)`,
      path: '/api/assessor/submissions',
      cookie: data.assessor,
    },
    {
      key: 'matrix',
      label: 'GET /api/reports/evidence-matrix (200 students x 40 tasks)',
      path: `/api/reports/evidence-matrix?unitId=${data.matrixUnits.get(200)}`,
      cookie: data.matrixReader,
    },
  ];
  const wanted = readsArg?.split(',');
  return wanted ? all.filter((read) => wanted.includes(read.key)) : all;
}

/** Growth: the student's dashboard at each task count, the matrix at each cohort size. */
function growthOf(data: LimitData): { title: string; reads: (Read & { size: number })[] }[] {
  return [
    {
      title: 'GET /api/student/tasks by the student’s task count (a submission on each)',
      reads: [...data.students].map(([size, cookie]) => ({
        key: 'tasks',
        label: `${size} tasks`,
        path: '/api/student/tasks',
        cookie,
        size,
      })),
    },
    {
      title: 'GET /api/reports/evidence-matrix by cohort (students x 40 tasks, 30 submissions each)',
      reads: [...data.matrixUnits].map(([size, unitId]) => ({
        key: 'matrix',
        label: `${size} students`,
        path: `/api/reports/evidence-matrix?unitId=${unitId}`,
        cookie: data.matrixReader,
        size,
      })),
    },
  ];
}

async function startLimit(env: Record<string, string>): Promise<Target & { process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/limit-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), FILES_SECRET: filesSecret, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the limit's server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { name: 'limit', url, pid: child.pid ?? 0, process: child };
}

/** Signed links carry their expiry and its signature: the moment of asking, not the answer's content. */
function withoutLinkTimes(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, item) => {
    if (key === 'urlsExpireAt') return 'at the moment of asking';
    return typeof item === 'string' ? item.replace(/([?&])(exp|sig)=[^&]*/g, '$1$2=…') : item;
  });
}

function firstDifference(a: unknown, b: unknown, at = '$'): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return `${at}: ${JSON.stringify(a)?.slice(0, 120)} against ${JSON.stringify(b)?.slice(0, 120)}`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
    if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${at}.${key}`);
  }
  return `${at}: equal`;
}

/** Fails the bench unless the limit answers what Evident answers. */
async function checkSame(evident: Target, limit: Target, read: Read): Promise<void> {
  const [a, b] = await Promise.all(
    [evident, limit].map(async (target) => {
      const res = await fetch(`${target.url}${read.path}`, { headers: { cookie: read.cookie } });
      const text = await res.text();
      if (res.status !== 200)
        throw new Error(`${target.name} ${read.path}: ${res.status} ${text.slice(0, 200)}`);
      return text;
    }),
  );
  const [x, y] = [withoutLinkTimes(JSON.parse(a ?? '')), withoutLinkTimes(JSON.parse(b ?? ''))];
  if (!isDeepStrictEqual(x, y)) {
    throw new Error(`${read.label}: the limit's answer differs from Evident's at ${firstDifference(x, y)}`);
  }
  const same = a === b ? 'the same bytes' : 'equal (the links’ expiry and signatures aside)';
  console.log(
    `  checked ${read.label} ${read.path.includes('?') ? '(named unit) ' : ''}: ${same}, ${a?.length} bytes`,
  );
}

type Row = { kind: string; label: string; connections: number; comparison: Comparison };

async function benchOn(kind: 'postgres' | 'pglite', summary: Row[]): Promise<void> {
  const engine = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(`\n# The limit on ${engine} (load ${loadavg()[0]?.toFixed(1)})`);
  const pg = kind === 'postgres' ? await startPostgres() : null;
  const dir = mkdtempSync(join(tmpdir(), 'evident-limit-'));
  const copy = mkdtempSync(join(tmpdir(), 'evident-limit-copy-'));
  try {
    const seedStarted = performance.now();
    const database = await openDatabase(
      pg ? { kind: 'postgres', url: pg.url } : { kind: 'pglite', dataDir: join(dir, 'pglite') },
    );
    await database.migrate();
    const data = await seedLimitData(database.db, settings);
    await database.close();
    if (!pg) cpSync(join(dir, 'pglite'), join(copy, 'pglite'), { recursive: true });
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
    const env = { SEED_DEMO: '0', TGA_BASE_URL: 'off', FILES_SECRET: filesSecret };
    const server = await startServer(pg ? { ...env, DATABASE_URL: pg.url } : env, dir);
    const evident: Target = { name: 'Evident', url: server.url, pid: server.process.pid ?? 0 };
    let limit: Awaited<ReturnType<typeof startLimit>> | undefined;
    try {
      limit = await startLimit(pg ? { DATABASE_URL: pg.url } : { PGLITE_DIR: join(copy, 'pglite') });
      const reads = readsOf(data);
      const growth = quick ? [] : growthOf(data);
      if (pg) {
        // Before any figure: does the limit still send what Evident sends (limit-sync.ts)?
        const sent = await captureEvidentStatements(
          pg,
          [...reads, ...growth.flatMap((table) => table.reads)].map((read) => ({
            ...read,
            url: evident.url,
          })),
        );
        warnUnknownStatements(sent, knownStatements);
      }
      for (const read of [...reads, ...growth.flatMap((table) => table.reads)]) {
        await checkSame(evident, limit, read);
      }
      for (const read of reads) {
        for (const connections of [50, 1]) {
          console.log(
            `\n## ${read.label}, ${engine}, ${connections} connection${connections > 1 ? 's' : ''}`,
          );
          printHeader();
          const cookies = { evident: read.cookie, limit: read.cookie };
          const comparison = await alternate(evident, limit, read.path, cookies, {
            connections,
            ...settings,
          });
          summary.push({ kind: engine, label: read.label, connections, comparison });
        }
      }
      for (const table of growth) {
        console.log(`\n## Growth, ${engine}, 1 connection: ${table.title}`);
        printHeader();
        for (const read of table.reads) {
          console.log(`  ${read.label}:`);
          const comparison = await alternate(
            evident,
            limit,
            read.path,
            { evident: read.cookie, limit: read.cookie },
            growthSettings,
          );
          summary.push({
            kind: engine,
            label: `growth: ${read.path.split('?')[0]} at ${read.label}`,
            connections: growthSettings.connections,
            comparison,
          });
        }
      }
    } finally {
      await server.stop();
      const child = limit?.process;
      if (child && child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
    }
  } finally {
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
}

export async function benchLimit(): Promise<void> {
  const summary: Row[] = [];
  const kinds = (['pglite', 'postgres'] as const).filter(
    (kind) => !only || only === kind || (only === 'pg' && kind === 'postgres'),
  );
  for (const kind of kinds) await benchOn(kind, summary);
  console.log('\n# Evident / limit (median req/s of each; 1.00 is the limit)');
  for (const row of summary) {
    const { evident, limit, ratio } = row.comparison;
    console.log(
      `  ${row.kind.padEnd(11)}${String(row.connections).padStart(3)} conn  ${row.label.padEnd(80)}${ratio.toFixed(2).padStart(6)}  (${evident.reqPerSec.toFixed(1)} vs ${limit.reqPerSec.toFixed(1)} req/s, p99 ${evident.p99} vs ${limit.p99} ms, CPU ${evident.cpuMsPerRequest.toFixed(2)} vs ${limit.cpuMsPerRequest.toFixed(2)} ms/req, load ${evident.load.toFixed(1)})`,
    );
  }
}
