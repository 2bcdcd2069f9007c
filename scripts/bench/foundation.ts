import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { launchChromium, report, root, signIn, startServer } from './harness';

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

/** Issue 2: landing-page JavaScript, GET /api/auth/user throughput (start-up figures: start-up.ts). */
export async function benchFoundation(): Promise<void> {
  console.log('\n# Foundation');
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
