import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { startPostgres } from '../../../scripts/bench/postgres';
import { admin, e2ePort } from './e2e-env';

const serverBundle = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
/** Beside the suite's server: E2E_PORT + 4 (E2E_LTI_PORT is + 3). */
const port = Number(process.env.E2E_CLASS_SCOPE_PORT ?? e2ePort + 4);
export const classScopeUrl = `http://127.0.0.1:${port}`;

export type ClassScopeServer = {
  url: string;
  /** SQL on the server's database: classes are written straight into it until the Classes screen exists here. */
  sql: postgres.Sql;
  stop(): Promise<void>;
};

/**
 * The built server on a PostgreSQL of its own, so a spec can write rows the app has no screen for
 * yet (classes, made by an admin screen built alongside) while the server runs: PGlite, the suite's
 * default, has one process at a time on its files. Another spec running beside it names a port of its own.
 */
export async function startClassScopeServer({
  port: ownPort = port,
}: {
  port?: number;
} = {}): Promise<ClassScopeServer> {
  const pg = await startPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'evident-class-scope-'));
  let child: ChildProcess | undefined;
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  const stop = async () => {
    await sql.end();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    child = spawn(process.execPath, [serverBundle], {
      cwd: tmpdir(),
      env: {
        ...process.env,
        PORT: String(ownPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        FILES_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: '0',
        INITIAL_ADMIN_EMAIL: admin.email,
        INITIAL_ADMIN_PASSWORD: admin.password,
        ASSESSOR_SIGNUP: 'open',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const url = `http://127.0.0.1:${ownPort}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the server did not answer /healthz within a minute');
      const up = await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { url, sql, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
