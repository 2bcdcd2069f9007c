import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../apps/web/e2e/chromium';

export const root = new URL('../../', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const createdDirs: string[] = [];
// Restart benchmarks reuse a directory after its server stopped, so they all go when the bench ends.
process.once('exit', () => {
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
});

function createdDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'evident-bench-'));
  createdDirs.push(dir);
  return dir;
}

export type RunningServer = { url: string; process: ChildProcess; dataDir: string; stop(): Promise<void> };

/**
 * BENCH_SERVER_MAIN: a bundle built beside the shared one (`cd apps/server && node build.mjs --outdir
 * .tmp/mine`, then `BENCH_SERVER_MAIN=apps/server/.tmp/mine/main.js`), for when the shared dist folder
 * is another's to rebuild. Read from a copy of the environment: no turbo task runs the bench.
 */
const serverMain = ({ ...process.env } as Record<string, string | undefined>).BENCH_SERVER_MAIN;

/** Builds what changed, as `pnpm start` does, so the figures are for the bundle about to be run. */
export function buildServer(): void {
  if (serverMain) return;
  const turbo = join(root, 'node_modules/.bin/turbo');
  const args = [
    'run',
    'build',
    '--filter=@evident/server',
    '--filter=@evident/web',
    '--output-logs=errors-only',
  ];
  const result = spawnSync(turbo, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('the build failed');
}

/** Starts the real server the way `pnpm start` does (the built bundle), on a fresh data dir, and waits for /healthz. */
export async function startServer(
  env: Record<string, string> = {},
  existingDataDir?: string,
): Promise<RunningServer & { startupMs: number; startupCpuMs: number }> {
  const port = await freePort();
  const dataDir = existingDataDir ?? createdDataDir();
  const started = performance.now();
  const child = spawn(process.execPath, [serverMain ?? 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    process: child,
    dataDir,
    startupMs,
    startupCpuMs: child.pid === undefined ? 0 : cpuMs(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system, all threads) a process has used: a start-up figure that a busy machine does not inflate. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function report(name: string, value: string, target?: string): void {
  console.log(`${name.padEnd(58)} ${value.padStart(14)}${target ? `   (target ${target})` : ''}`);
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Debian's Chromium, as the browser tests launch it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}
