import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../apps/web/e2e/chromium';
import { median, report, signIn, startServer } from './harness';

const RUNS = 3;

export type Run = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  wireBytes: number;
  failedAccessibility: string[];
  /** What the largest contentful paint painted, as Lighthouse names it: where to look when it is slow. */
  lcpElement: string;
};

/** Debian's Chromium with a DevTools port for Lighthouse to drive (it ships no browser of its own). */
async function launchDebuggableChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumFlags, '--headless=new'],
  });
  return { port: chrome.port, stop: async () => chrome.kill() };
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

/**
 * The session goes into the browser's cookie jar, as signing in puts it there. Lighthouse's own
 * `extraHeaders` sends it with every request instead, until the page writes a cookie of its own
 * (theme.js does): from then on Chromium sends the jar, without the session, and the app found
 * itself signed out halfway through loading.
 */
async function setSessionCookie(port: number, url: string, cookie: string): Promise<void> {
  const [name = '', value = ''] = cookie.split('=');
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('the browser has no default context');
    await context.addCookies([{ name, value, url }]);
  } finally {
    await browser.close();
  }
}

export async function audit(url: string, cookie?: string): Promise<Run> {
  const chromium = await launchDebuggableChromium();
  try {
    if (cookie) await setSessionCookie(chromium.port, url, cookie);
    // Lighthouse's default settings are its mobile profile: a Moto G Power-sized screen, simulated
    // slow 4G and a 4x slower CPU. Each run has a browser of its own, so nothing is cached or stored
    // but the session: Lighthouse's storage reset, which would clear it, is not needed.
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    // Each failed audit with the first element it names, so a flicker can be traced to its cause; an
    // audit that could not run counts as failed in the score too (it has no score of its own).
    const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter(
        (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score === 0 || lhr.audits[ref.id]?.errorMessage),
      )
      .map((ref) => {
        const audit = lhr.audits[ref.id];
        if (audit?.errorMessage) return `${ref.id} (could not run: ${audit.errorMessage.slice(0, 160)})`;
        const details = audit?.details as { items?: { node?: { snippet?: string } }[] } | undefined;
        const snippet = details?.items?.[0]?.node?.snippet;
        return snippet ? `${ref.id} ${snippet.slice(0, 160)}` : ref.id;
      });
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      wireBytes: numeric(lhr, 'total-byte-weight'),
      lcpElement: lcpElement(lhr),
      failedAccessibility,
    };
  } finally {
    await chromium.stop();
  }
}

export function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** The element of the largest contentful paint: the first node the audits that name it hold, at any depth. */
function lcpElement(lhr: Result): string {
  type Node = { type?: string; snippet?: string; nodeLabel?: string };
  const find = (value: unknown): Node | undefined => {
    if (!value || typeof value !== 'object') return undefined;
    if ((value as Node).type === 'node') return value as Node;
    for (const child of Object.values(value)) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  const node =
    find(lhr.audits['lcp-breakdown-insight']?.details) ??
    find(lhr.audits['largest-contentful-paint-element']?.details);
  return node ? `${node.snippet ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"` : '?';
}

/** Lighthouse `RUNS` times on one page, each in a browser of its own. */
export async function auditRuns(url: string, cookie?: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // On a loaded machine Lighthouse sometimes loses the trace (NO_NAVSTART): one more try.
    runs.push(await audit(url, cookie).catch(() => audit(url, cookie)));
  }
  return runs;
}

export function printPage(name: string, runs: Run[]): void {
  const pick = (key: keyof Omit<Run, 'failedAccessibility' | 'lcpElement'>) =>
    median(runs.map((run) => run[key]));
  console.log(`\n## ${name} (median of ${runs.length})`);
  report('performance score', String(pick('performance')), '>= 95');
  report('accessibility score', String(pick('accessibility')), '100');
  report('first contentful paint', `${(pick('fcpMs') / 1000).toFixed(2)} s`);
  report('largest contentful paint', `${(pick('lcpMs') / 1000).toFixed(2)} s`, '< 2.0 s');
  report('total blocking time', `${pick('tbtMs').toFixed(0)} ms`, '< 150 ms');
  report('cumulative layout shift', pick('cls').toFixed(3));
  report('bytes on the wire (to load end)', `${(pick('wireBytes') / 1024).toFixed(1)} KB`);
  report(
    '  each run: performance / accessibility',
    runs.map((run) => `${run.performance}/${run.accessibility}`).join(' '),
  );
  // Blocking time moves most from run to run on a shared machine: each run's, beside the median.
  report('  each run: total blocking time', runs.map((run) => `${run.tbtMs.toFixed(0)} ms`).join(' '));
  report(
    '  each run: largest contentful paint',
    runs.map((run) => `${(run.lcpMs / 1000).toFixed(2)} s`).join(' '),
  );
  console.log(`  largest contentful paint's element (first run): ${runs[0]?.lcpElement.slice(0, 200)}`);
  for (const run of runs) {
    if (run.failedAccessibility.length > 0) {
      console.log(`  failed accessibility audits in a run: ${run.failedAccessibility.join('; ')}`);
    }
  }
}

/**
 * Issue 20: Lighthouse's mobile profile on the built app, as `pnpm start` serves it. Lantern simulates
 * the network and CPU from a trace, so a loaded machine moves the figures less than wall time, but
 * not to zero: the load average is printed beside them.
 */
export async function benchLighthouse(): Promise<void> {
  console.log(`\n# Lighthouse ${RUNS}x per page, mobile profile (load average at start: ${load()})`);
  const server = await startServer({ SEED_DEMO: '1' });
  try {
    const student = await signIn(server.url, 'jordan@demo.evident.local', 'evident-demo');
    const assessor = await signIn(server.url, 'assessor@demo.evident.local', 'evident-demo');
    const pages: [string, string, string | undefined][] = [
      ['landing page /', `${server.url}/`, undefined],
      ['student dashboard / (Jordan, signed in)', `${server.url}/`, student],
      ['grading screen /grading (assessor, signed in)', `${server.url}/grading`, assessor],
    ];
    for (const [name, url, cookie] of pages) printPage(name, await auditRuns(url, cookie));
  } finally {
    await server.stop();
  }
  console.log(`\nload average at the end: ${load()} (2 cores, shared)`);
}
