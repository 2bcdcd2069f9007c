import { loadavg } from 'node:os';
import { openDatabase } from '../../packages/db/src/client';
import { unitCoverage } from '../../packages/db/src/queries/coverage';
import { median, report, signIn, startServer } from './harness';
import { startPostgres } from './postgres';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

/** 80 items: five elements with six criteria each, 20 PE and 25 KE items. */
function eightyItems() {
  const items: { section: string; key: string; parentKey: string | null; text: string }[] = [];
  for (let e = 1; e <= 5; e++) {
    items.push({
      section: 'element',
      key: `E ${e}`,
      parentKey: null,
      text: `Element ${e} of the benchmark unit`,
    });
    for (let c = 1; c <= 6; c++)
      items.push({
        section: 'pc',
        key: `PC ${e}.${c}`,
        parentKey: `E ${e}`,
        text: `Criterion ${e}.${c} is met`,
      });
  }
  for (let p = 1; p <= 20; p++)
    items.push({ section: 'pe', key: `PE ${p}`, parentKey: null, text: `performance evidence item ${p}` });
  for (let k = 1; k <= 25; k++)
    items.push({ section: 'ke', key: `KE ${k}`, parentKey: null, text: `knowledge evidence item ${k}` });
  return items;
}

/** Issue 29: the coverage of a unit with 80 requirement items and 40 tasks, on PostgreSQL. */
export async function benchCoverage(): Promise<void> {
  console.log('\n# Coverage (a unit of 80 requirement items and 40 tasks, PostgreSQL)');
  report('load average (1 min) at the start', load());
  const pg = await startPostgres();
  try {
    const server = await startServer({ DATABASE_URL: pg.url, SEED_DEMO: '1' });
    try {
      const cookie = await signIn(server.url, 'admin@demo.evident.local', 'evident-demo');
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json() as Promise<Record<string, unknown>>;
      };
      const items = eightyItems();
      const unit = await call('POST', '/api/admin/units', {
        unitCode: 'BENCHCOV80',
        title: 'Benchmark unit with 80 requirements',
        requirements: { release: '1', items },
      });
      const keys = items.filter((item) => item.section !== 'element').map((item) => item.key);
      // Each task maps four items in turn; the last few items stay uncovered, as in a real unit.
      for (let t = 0; t < 40; t++) {
        const requirementKeys = [0, 1, 2, 3].map((n) => keys[(t * 2 + n * 17) % (keys.length - 3)] ?? 'PE 1');
        await call('POST', `/api/admin/units/${String(unit.id)}/tasks`, {
          title: `Benchmark task ${t + 1}`,
          requirementKeys,
        });
      }
      const path = `/api/admin/units/${String(unit.id)}/coverage`;
      const first = await call('GET', path);
      const counts = first.counts as { coverable: number; covered: number };
      report('coverable items covered', `${counts.covered} of ${counts.coverable}`);
      const latencies: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await call('GET', path);
        latencies.push(performance.now() - started);
      }
      report(`GET ${'/api/admin/units/{id}/coverage'} (median of 50)`, ms(median(latencies)), '< 50 ms');
      report('load average (1 min) beside it', load());

      const database = await openDatabase({ kind: 'postgres', url: pg.url, maxConnections: 3 });
      try {
        const query: number[] = [];
        for (let i = 0; i < 50; i++) {
          const started = performance.now();
          await unitCoverage(database.db, String(unit.id));
          query.push(performance.now() - started);
        }
        report('unitCoverage query alone (median of 50)', ms(median(query)));
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    pg.stop();
    report('load average (1 min) at the end', load());
  }
}
