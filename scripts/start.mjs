// `pnpm start`: rebuild what changed since the last build (turbo's cache makes an unchanged build a
// no-op, so a `git pull` never serves a stale bundle), then run the built server with plain node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

if (!existsSync('apps/server/dist/main.js') || !existsSync('apps/web/dist/index.html')) {
  console.log('Building the app (first start only; about a minute)...');
}
const turbo = fileURLToPath(new URL('../node_modules/.bin/turbo', import.meta.url));
const build = spawnSync(
  turbo,
  ['run', 'build', '--filter=@evident/server', '--filter=@evident/web', '--output-logs=errors-only'],
  { stdio: ['ignore', 'pipe', 'pipe'], env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env } },
);
if (build.status !== 0) {
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  console.error('The build failed; see above.');
  process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Ctrl-C reaches the server directly (same process group); this process only waits for it to finish,
// so the shutdown stays quiet instead of ending in `ELIFECYCLE Command failed`.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => {
  const stopped = signal === 'SIGINT' || signal === 'SIGTERM';
  process.exit(code ?? (stopped ? 0 : 1));
});
