import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The tests that cross the process boundary run what users run: the bundle `pnpm build` makes
 * (apps/server/dist), started with plain node as `pnpm start` does. Nothing here falls back to the
 * sources.
 */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const bundleMain = join(repoRoot, 'apps/server/dist/main.js');
export const bundleCli = join(repoRoot, 'apps/server/dist/cli.js');

const lockDir = join(repoRoot, '.tmp/build.lock');

/**
 * `pnpm build` for the server and the web app, through turbo as `pnpm start` does: a no-op when
 * nothing changed since the last build, otherwise a rebuild of what did. Test files run in parallel,
 * so one builds at a time (a directory is the lock) and the next finds turbo's cache fresh.
 */
export async function buildOnce(): Promise<void> {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock older than a build can take was left by a killed run.
      const age = Date.now() - (statSafe(lockDir) ?? Date.now());
      if (age > 300_000) rmdirSync(lockDir);
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    const turbo = join(repoRoot, 'node_modules/.bin/turbo');
    const args = [
      'run',
      'build',
      '--filter=@evident/server',
      '--filter=@evident/web',
      '--output-logs=errors-only',
    ];
    const result = spawnSync(turbo, args, {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) throw new Error(`pnpm build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmdirSync(lockDir);
  }
}

function statSafe(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A working directory that is neither the repository nor the package: assets must be found from the bundle. */
export function strangerDir(): string {
  return mkdtempSync(join(tmpdir(), 'evident-cwd-'));
}

export type BundleServer = {
  url: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
};

/** `node apps/server/dist/main.js` from `cwd`, on a free loopback port; resolves once /healthz answers. */
export async function startBundle(options: {
  cwd: string;
  env: Record<string, string>;
}): Promise<BundleServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [bundleMain], {
    cwd: options.cwd,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      // No test reaches training.gov.au.
      TGA_BASE_URL: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${url}/healthz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
