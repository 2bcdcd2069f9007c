import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './harness';

/** `logFile`: the server's log (`pnpm bench limit` reads the statements Evident sent from it). */
export type Postgres = { url: string; logFile: string; stop(): void };

const asRoot = process.getuid?.() === 0;

function postgresBin(): string {
  const find = () =>
    existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(a) - Number(b))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
          .filter((bin) => existsSync(join(bin, 'initdb')))
          .at(-1)
      : undefined;
  const found = find();
  if (found) return found;
  // As scripts/test-all.sh does: Debian's package when it is missing.
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = find();
  if (!installed) throw new Error('PostgreSQL is not installed and could not be installed');
  return installed;
}

/** A throwaway PostgreSQL server (fsync off) on a free loopback port, like the test command's. */
export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'evident-bench-pg-'));
  const port = await freePort();
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'ignore' })
      : spawnSync(join(bin, command), args, { stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${command} failed (${result.status})`);
  };
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust']);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile: join(dir, 'log'),
    stop() {
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
