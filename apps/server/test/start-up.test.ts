import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findUserByEmail } from '@evident/db/queries/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesToOpen, startupBanner } from '../src/banner';
import { loadConfig } from '../src/config';
import { PortTakenError } from '../src/early-listen';
import { startServer } from '../src/start-server';
import { buildOnce, bundleCli, bundleMain, startBundle } from './built-server';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'evident-start-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const silent = { write: () => {} };
// The second process is the built bundle, as `pnpm start` and `pnpm cli` users run it.
beforeAll(buildOnce, 300_000);

/** Runs a bundle entry point (dist/main.js or dist/cli.js) as a second process; resolves with its exit and output. */
function run(entry: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      // Not the repository: the bundle finds its migrations and assets from its own folder.
      cwd: dataDir(),
      env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('one process per data folder', () => {
  it('a second server and a writing CLI command refuse with one line naming the running server', async () => {
    const dir = dataDir();
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
    });
    const { app } = await startServer(config, { logDestination: silent });
    try {
      const second = await run(bundleMain, [], { DATA_DIR: dir, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
      expect(second.stderr).toContain(`in use by the Evident server (pid ${process.pid})`);

      const cli = await run(
        bundleCli,
        ['create-admin', '--email', 'late@example.com', '--password', 'long-enough'],
        {
          DATA_DIR: dir,
        },
      );
      expect(cli.code).toBe(1);
      expect(cli.stderr.trim().split('\n')).toHaveLength(1);
      expect(cli.stderr).toContain(`pid ${process.pid}`);
      expect(cli.stderr).toContain('Stop it first');
    } finally {
      await app.close();
    }
    // Once the server has stopped, the folder is free again.
    const after = await run(bundleCli, ['migrate'], { DATA_DIR: dir });
    expect(after.stderr).toBe('');
    expect(after.code).toBe(0);
  }, 180_000);

  it('a taken port is one clear line, found before the database is opened', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const dir = dataDir();
    try {
      const config = loadConfig({
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      });
      const failed = startServer(config, { logDestination: silent });
      await expect(failed).rejects.toThrow(PortTakenError);
      await expect(failed).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
      expect(existsSync(join(dir, 'pglite'))).toBe(false);
      expect(existsSync(join(dir, 'evident.lock'))).toBe(false);
    } finally {
      taken.close();
    }
  });
});

describe('start-up', () => {
  it('with an initial admin and demo seeding on, both the admin and the demo people are there', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      INITIAL_ADMIN_EMAIL: 'boss@example.com',
      INITIAL_ADMIN_PASSWORD: 'boss-password',
    });
    const { app, database, demo } = await startServer(config, { logDestination: silent });
    try {
      expect((await findUserByEmail(database.db, 'boss@example.com'))?.role).toBe('rto_admin');
      expect(await findUserByEmail(database.db, 'jordan@demo.evident.local')).not.toBeNull();
      expect(demo.map((person) => person.email)).toContain('admin@demo.evident.local');
    } finally {
      await app.close();
    }
  }, 120_000);

  it('with stdout piped (no terminal), the start-up log line names the demo sign-ins and their password', async () => {
    const server = await startBundle({
      cwd: dataDir(),
      env: { DATA_DIR: dataDir(), SEED_DEMO: '1', LOG_LEVEL: 'info' },
    });
    const startUpLine = () =>
      server
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text))
        .find((entry) => String(entry.msg).startsWith('Evident is listening on'));
    try {
      // /healthz answers as soon as the port is open; the line follows once start-up has finished.
      await expect.poll(startUpLine, { timeout: 60_000 }).toBeDefined();
      const line = startUpLine();
      expect(line?.demoSignIns.map((person: { email: string }) => person.email)).toContain(
        'jordan@demo.evident.local',
      );
      expect(line?.demoPassword).toBe('evident-demo');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('the banner names the addresses to open, the network one included, and the demo sign-ins', () => {
    const facts = {
      publicUrl: 'http://localhost:3000',
      defaultPublicUrl: true,
      host: '0.0.0.0',
      port: 3000,
      lan: ['192.168.1.20'],
      demo: [{ role: 'student', email: 'jordan@demo.evident.local' }],
    };
    const banner = startupBanner(facts);
    expect(banner).toContain('open http://localhost:3000');
    expect(banner).toContain('http://192.168.1.20:3000');
    expect(banner).toContain('jordan@demo.evident.local');
    expect(banner).toContain('evident-demo');
    expect(banner).not.toContain('\\n');
    // Bound to loopback, the network address would not answer; a PUBLIC_URL is the one address.
    expect(addressesToOpen({ ...facts, host: '127.0.0.1' })).toEqual(['http://127.0.0.1:3000']);
    expect(
      addressesToOpen({ ...facts, publicUrl: 'https://evident.example', defaultPublicUrl: false }),
    ).toEqual(['https://evident.example']);
  });
});
