import { loadavg } from 'node:os';
import { openDatabase } from '../../packages/db/src/client';
import { launchChromium, median, report, signIn, startServer } from './harness';
import { type Cohort, seedMatrixCohort } from './matrix-cohort';
import { startPostgres } from './postgres';

const cohortSize = { studentCount: 1000, taskCount: 40, submissionCount: 30_000, unitCode: 'BENCHMTX' };
const runs = 60;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Issue 12: the Evidence Matrix for 1,000 students x 40 tasks with 30,000 submissions, on PostgreSQL. */
export async function benchMatrix(): Promise<void> {
  console.log('\n# Evidence Matrix (1,000 students x 40 tasks, 30,000 submissions, PostgreSQL)');
  // On a shared machine every figure below scales with this; read them beside it.
  report('load average (1 min) at the start', loadavg()[0]?.toFixed(1) ?? '?');
  const pg = await startPostgres();
  try {
    const database = await openDatabase({ kind: 'postgres', url: pg.url });
    await database.migrate();
    const cohort = await seedMatrixCohort(database.db, cohortSize);
    // A live database has planner statistics; freshly bulk-loaded tables do not until autovacuum runs.
    await database.db.execute('analyze');
    await database.close();
    const server = await startServer({ DATABASE_URL: pg.url, SEED_DEMO: '0' });
    try {
      const cookie = await signIn(server.url, cohort.assessorEmail, cohort.password);
      await benchEndpoint(server.url, cookie, cohort, pg.url);
      await benchScreen(server.url, cookie);
    } finally {
      await server.stop();
    }
  } finally {
    pg.stop();
    report('load average (1 min) at the end', loadavg()[0]?.toFixed(1) ?? '?');
  }
}

/**
 * The rows the matrix is made of, read as plainly as SQL allows (no JSON, no keys, one row each)
 * through postgres.js itself.
 */
async function bareSqlReader(url: string, cohort: Cohort) {
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 3 });
  const client = (database.db as unknown as { $client: RawClient }).$client;
  const read = async () => {
    const started = performance.now();
    await Promise.all([
      client.unsafe(
        `select u.id, u.first_name, u.last_name, u.email, u.profile_image_url
         from enrolments e join users u on u.id = e.student_id where e.unit_id = $1`,
        [cohort.unitId],
      ),
      client.unsafe('select id, title from tasks where unit_id = $1 order by position', [cohort.unitId]),
      client.unsafe(
        `select s.student_id, s.task_id, s.status, count(f.id) filter (where f.withdrawn_at is null) as files
         from submissions s
         join tasks t on t.id = s.task_id and t.unit_id = $1
         join enrolments e on e.student_id = s.student_id and e.unit_id = t.unit_id
         left join evidence_files f on f.submission_id = s.id
         group by s.id`,
        [cohort.unitId],
      ),
    ]);
    return performance.now() - started;
  };
  return { read, close: () => database.close() };
}

type RawClient = { unsafe(query: string, params: unknown[]): Promise<unknown[]> };

async function timeRequest(url: string, cookie: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length };
}

/**
 * Each run times the bare SQL and then the endpoint back to back, so both meet the same load on a
 * shared machine; the ratio is of their medians.
 */
async function benchEndpoint(server: string, cookie: string, cohort: Cohort, databaseUrl: string) {
  const bare = await bareSqlReader(databaseUrl, cohort);
  try {
    const named = `${server}/api/reports/evidence-matrix?unitId=${cohort.unitId}`;
    const chosen = `${server}/api/reports/evidence-matrix`;
    const csv = `${server}/api/reports/evidence-matrix.csv?unitId=${cohort.unitId}`;
    for (let i = 0; i < 5; i++) {
      await bare.read();
      await timeRequest(named, cookie);
    }
    const times = {
      bare: [] as number[],
      named: [] as number[],
      chosen: [] as number[],
      csv: [] as number[],
    };
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      times.bare.push(await bare.read());
      const answer = await timeRequest(named, cookie);
      times.named.push(answer.ms);
      bytes = answer.bytes;
      times.chosen.push((await timeRequest(chosen, cookie)).ms);
      if (i % 4 === 0) times.csv.push((await timeRequest(csv, cookie)).ms);
    }
    const bareMedian = median(times.bare);
    const namedMedian = median(times.named);
    report(`bare SQL reading the same rows (30,000 cells), median of ${runs}`, ms(bareMedian));
    report(
      `GET /api/reports/evidence-matrix?unitId= (${(bytes / 1e6).toFixed(2)} MB), median`,
      ms(namedMedian),
      '< 150 ms',
    );
    report('  p99', ms(percentile(times.named, 99)));
    report('  ratio to the bare SQL (medians)', `${(namedMedian / bareMedian).toFixed(2)}x`, '< 1.5x');
    report('GET /api/reports/evidence-matrix (unit chosen by the server), median', ms(median(times.chosen)));
    report('  p99', ms(percentile(times.chosen, 99)));
    report('GET /api/reports/evidence-matrix.csv, median', ms(median(times.csv)));
  } finally {
    await bare.close();
  }
}

/** Time to the first matrix row, then the slowest frame while scrolling down and sideways. */
async function benchScreen(server: string, cookie: string): Promise<void> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name: name ?? '', value: value ?? '', url: server }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      // tsx keeps function names with a helper the page does not have.
      (window as unknown as { __name: (f: unknown) => unknown }).__name = (f) => f;
      const seen = new MutationObserver(() => {
        if (document.querySelector('[data-testid="matrix-row"]')) {
          (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
          seen.disconnect();
        }
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    const firstRender: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${server}/matrix`);
      await page.waitForSelector('[data-testid="matrix-row"]');
      firstRender.push(await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt));
    }
    report(
      'matrix screen: time to first render (navigation to first row), median of 5',
      ms(median(firstRender)),
      '< 1 s',
    );

    const frames = await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('[data-testid="evidence-matrix"]');
      if (!box) throw new Error('no matrix');
      const deltas: number[] = [];
      let last = performance.now();
      const frame = () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame((now) => {
            deltas.push(now - last);
            last = now;
            resolve();
          }),
        );
      await frame();
      deltas.length = 0;
      // Down the whole cohort at 120 px a frame, then sideways across every task.
      while (box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
        box.scrollTop += 120;
        await frame();
      }
      while (box.scrollLeft + box.clientWidth < box.scrollWidth - 1) {
        box.scrollLeft += 60;
        await frame();
      }
      return deltas;
    });
    const sorted = [...frames].sort((a, b) => a - b);
    report(`  scrolling 1,000 rows and 40 columns: frames`, String(frames.length));
    report('  median frame', ms(median(frames)));
    report('  95th percentile frame', ms(percentile(sorted, 95)));
    report('  slowest frame', ms(sorted.at(-1) ?? 0));
  } finally {
    await browser.close();
  }
}
