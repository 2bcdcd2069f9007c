import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = new URL('..', import.meta.url).pathname;
// Inside the package, so the packages left external resolve from its node_modules as dist/ does.
const outdir = join(serverRoot, `.bundle-test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'evident-bundle-'));
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the server bundle', () => {
  it('runs with plain node: the CLI migrates and seeds, the server answers and signs in', async () => {
    const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], {
      cwd: serverRoot,
      encoding: 'utf8',
    });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);

    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const seed = spawnSync(process.execPath, [join(outdir, 'cli.js'), 'seed-demo'], {
      env,
      encoding: 'utf8',
    });
    expect(seed.stderr).toBe('');
    expect(seed.stdout).toContain('seeded 5 demo people');

    const port = await freePort();
    const server = spawn(process.execPath, [join(outdir, 'main.js')], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
      stdio: 'ignore',
    });
    try {
      let health: unknown = null;
      while (health === null && server.exitCode === null) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`)
          .then((res) => (res.ok ? res.json() : null))
          .catch(() => null);
        if (health === null) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health).toEqual({ status: 'ok', database: 'pglite' });
      // argon2's native binary loads beside the bundle too.
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'jordan@demo.evident.local', password: 'evident-demo' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      server.kill('SIGTERM');
    }
  }, 180_000);
});
