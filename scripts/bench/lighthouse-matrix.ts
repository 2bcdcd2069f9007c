import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../packages/db/src/client';
import { launchChromium, report, signIn, startServer } from './harness';
import { auditRuns, load, printPage } from './lighthouse';
import { seedMatrixCohort } from './matrix-cohort';

const small = { studentCount: 6, taskCount: 18, submissionCount: 70, unitCode: 'BENCHLHS' };
const large = { studentCount: 200, taskCount: 40, submissionCount: 4_000, unitCode: 'BENCHLHL' };

/**
 * Issue 31 §3: the Evidence Matrix on a phone. Lighthouse's mobile profile on `/matrix` as the
 * assessor of a seeded cohort of six students x 18 tasks, then of 200 x 40, then the longest task
 * while a throttled phone scrolls the large one.
 */
export async function benchLighthouseMatrix(): Promise<void> {
  console.log(`\n# Evidence Matrix on a phone (load average at start: ${load()})`);
  await withCohort(small, async (url, cookie) => {
    printPage('/matrix (assessor, 6 students x 18 tasks, PGlite)', await auditRuns(`${url}/matrix`, cookie));
  });
  await withCohort(large, async (url, cookie) => {
    printPage(
      '/matrix (assessor, 200 students x 40 tasks, PGlite)',
      await auditRuns(`${url}/matrix`, cookie),
    );
    await scrollTrace(`${url}/matrix`, cookie);
  });
  console.log(`\nload average at the end: ${load()} (2 cores, shared)`);
}

/**
 * The built server on PGlite (as `pnpm start` runs without DATABASE_URL) holding one seeded cohort
 * and nothing else, with its assessor signed in.
 */
async function withCohort(
  size: typeof small,
  run: (url: string, cookie: string) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'evident-bench-lhm-'));
  try {
    // Seeded before the server opens the database: PGlite has one process at a time.
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await database.migrate();
    const cohort = await seedMatrixCohort(database.db, size);
    await database.close();
    const server = await startServer({ SEED_DEMO: '0' }, dataDir);
    try {
      await run(server.url, await signIn(server.url, cohort.assessorEmail, cohort.password));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type LongTasks = { durations: number[]; scrolledTo: { top: number; left: number }; rows: number };

/**
 * A phone-sized page at 4x slower CPU scrolls the matrix down to its last row, then across to its
 * last column, one wheel step a frame or so; the page's own PerformanceObserver records every long
 * task (over 50 ms) from the first step to the last. Three rounds, each from a fresh page.
 */
async function scrollTrace(url: string, cookie: string): Promise<void> {
  const browser = await launchChromium();
  const rounds: LongTasks[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const [name = '', value = ''] = cookie.split('=');
      await context.addCookies([{ name, value, url }]);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const tasks: number[] = [];
        (window as unknown as { benchLongTasks: number[] }).benchLongTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: false });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url);
      const grid = page.getByTestId('evidence-matrix');
      await grid.locator('[data-testid="matrix-row"]').first().waitFor();
      // Settled: the app's code has loaded and taken the page over before the scrolling starts.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        (window as unknown as { benchLongTasks: number[] }).benchLongTasks.length = 0;
      });
      const box = await grid.boundingBox();
      if (!box) throw new Error('the matrix is not on the page');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const step = async (dx: number, dy: number) => {
        await page.mouse.wheel(dx, dy);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      };
      for (let i = 0; i < 60; i++) await step(0, 250);
      for (let i = 0; i < 30; i++) await step(200, 0);
      for (let i = 0; i < 30; i++) await step(-100, -300);
      // Whatever the last step started has run before the tasks are read.
      await page.waitForTimeout(500);
      rounds.push(
        await page.evaluate(() => {
          const scroller = document.querySelector<HTMLElement>('[data-testid="evidence-matrix"]');
          return {
            durations: [...(window as unknown as { benchLongTasks: number[] }).benchLongTasks],
            scrolledTo: {
              top: 0,
              left: 0,
              ...(scroller ? { top: scroller.scrollTop, left: scroller.scrollLeft } : {}),
            },
            rows: document.querySelectorAll('[data-testid="matrix-row"]').length,
          };
        }),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log('\n## scrolling /matrix at 200 x 40 (390x844, CPU 4x slower, 120 wheel steps, 3 rounds)');
  const longest = rounds.map((round) => Math.max(0, ...round.durations));
  report('longest task while scrolling (worst round)', `${Math.max(...longest).toFixed(0)} ms`, '<= 200 ms');
  report('  each round: longest task', longest.map((ms) => `${ms.toFixed(0)} ms`).join(' '));
  report(
    '  each round: long tasks (> 50 ms)',
    rounds.map((round) => String(round.durations.length)).join(' '),
  );
  report('  rows in the page at the end (of 200)', rounds.map((round) => String(round.rows)).join(' '));
}
