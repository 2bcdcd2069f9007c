import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { launchChromium, median, report, root, signIn, startServer } from './harness';
import { procStatusKb } from './process-memory';

export type LandingJavaScript = { gzipped: number; files: { url: string; raw: number; gzipped: number }[] };

/**
 * Every script a signed-out visitor's browser fetches for `/` until the network goes idle, without
 * opening the sign-in dialog: the entry, its preloads and whatever the router and lazy components pull
 * in. Bodies are gzipped here at the default level, so the figure does not depend on how the server
 * compresses.
 */
export async function measureLandingJavaScript(url: string): Promise<LandingJavaScript> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const bodies: Promise<{ url: string; body: Buffer }>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) {
        bodies.push(response.body().then((body) => ({ url: response.url(), body })));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The landing page is what the figure is about: make sure it rendered, not a splash or an error.
    await page.getByRole('button', { name: 'Get Started Free' }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(bodies)).map(({ url: file, body }) => ({
      url: new URL(file).pathname,
      raw: body.length,
      gzipped: gzipSync(body).length,
    }));
    return { gzipped: files.reduce((sum, file) => sum + file.gzipped, 0), files };
  } finally {
    await browser.close();
  }
}

/** Issue 2: start-up time, landing-page JavaScript, GET /api/auth/user throughput. */
export async function benchFoundation(): Promise<void> {
  console.log('\n# Foundation');
  const first = await startServer({ SEED_DEMO: '0' });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const firstKb = first.process.pid === undefined ? 0 : procStatusKb(first.process.pid, 'VmRSS');
  await first.stop();
  report('first start on an empty data dir (PGlite initdb + migrate)', `${first.startupMs.toFixed(0)} ms`);
  report('  RSS at rest after that first start', `${(firstKb / 1024).toFixed(0)} MB`);
  const restarts: number[] = [];
  const restingKb: number[] = [];
  const restartCpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer({ SEED_DEMO: '0' }, first.dataDir);
    restarts.push(server.startupMs);
    restartCpu.push(server.startupCpuMs);
    // At rest: start-up's garbage has had a moment to settle and nothing is being asked of it.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (server.process.pid !== undefined) restingKb.push(procStatusKb(server.process.pid, 'VmRSS'));
    await server.stop();
  }
  report(
    'start-up until /healthz answers (PGlite, median of 3)',
    `${median(restarts).toFixed(0)} ms`,
    '< 1500 ms',
  );
  report(
    'RSS at rest after start-up (PGlite, median of 3)',
    `${(median(restingKb) / 1024).toFixed(0)} MB`,
    '< 250 MB',
  );

  if (existsSync(join(root, 'apps/web/dist/index.html'))) {
    const landing = await startServer({ SEED_DEMO: '0' });
    try {
      const { gzipped } = await measureLandingJavaScript(landing.url);
      report(
        'landing page JavaScript, gzipped (Chromium, to idle)',
        `${(gzipped / 1024).toFixed(1)} KB`,
        '< 150 KB',
      );
    } finally {
      await landing.stop();
    }
  } else {
    report('landing page JavaScript, gzipped', 'no build', 'run pnpm build');
  }

  const server = await startServer({ SEED_DEMO: '1' });
  try {
    const cookie = await signIn(server.url, 'jordan@demo.evident.local', 'evident-demo');
    const result = await autocannon({
      url: `${server.url}/api/auth/user`,
      connections: 50,
      duration: 10,
      headers: { cookie },
    });
    report('GET /api/auth/user, 50 connections: requests/s', result.requests.average.toFixed(0));
    report('GET /api/auth/user, 50 connections: p99 latency', `${result.latency.p99} ms`);
    if (result.non2xx > 0) report('  non-2xx answers during the run', String(result.non2xx));
  } finally {
    await server.stop();
  }
}
