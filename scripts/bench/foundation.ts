import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { median, report, root, signIn, startServer } from './harness';

/** Issue 2: start-up time, landing-page JavaScript, GET /api/auth/user throughput. */
export async function benchFoundation(): Promise<void> {
  console.log('\n# Foundation');
  const first = await startServer({ SEED_DEMO: '0' });
  await first.stop();
  report('first start on an empty data dir (PGlite initdb + migrate)', `${first.startupMs.toFixed(0)} ms`);
  const restarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer({ SEED_DEMO: '0' }, first.dataDir);
    restarts.push(server.startupMs);
    await server.stop();
  }
  report(
    'start-up until /healthz answers (PGlite, median of 3)',
    `${median(restarts).toFixed(0)} ms`,
    '< 3000 ms',
  );

  const dist = join(root, 'apps/web/dist');
  if (existsSync(join(dist, 'index.html'))) {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const scripts = [
      ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
    ].map((m) => m[1] ?? '');
    // The landing route's own chunk is loaded lazily by the router; count every chunk named for it too.
    const assets = readdirSync(join(dist, 'assets'));
    const landing = assets
      .filter((name) => /^(index|landing|__root)[-.].*\.js$/.test(name))
      .map((n) => `/assets/${n}`);
    const files = [...new Set([...scripts, ...landing])];
    const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    report('landing page JavaScript, gzipped', `${(gzipped / 1024).toFixed(1)} KB`, '< 150 KB');
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
