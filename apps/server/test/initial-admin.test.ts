import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@evident/db/client';
import { findUserByEmail, insertUser } from '@evident/db/queries/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ensureInitialAdmin, parseCreateAdminArgs } from '../src/initial-admin';
import { startServer } from '../src/start-server';
import { pgliteTemplate } from './database-template';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

function recordingLog() {
  const lines: { level: 'info' | 'warn' | 'error'; text: string }[] = [];
  return {
    lines,
    info: (text: string) => lines.push({ level: 'info', text }),
    warn: (text: string) => lines.push({ level: 'warn', text }),
    error: (error: unknown, text?: string) => lines.push({ level: 'error', text: `${text} ${error}` }),
  };
}

describe('INITIAL_ADMIN_EMAIL at start-up', () => {
  it('creates the admin once, then leaves it be', async () => {
    const log = recordingLog();
    const spec = { email: 'Boss@Example.com', password: 'initial-admin-secret' };
    await expect(ensureInitialAdmin(env.db, env.services.passwords, spec, log)).resolves.toEqual({
      outcome: 'created',
      email: 'boss@example.com',
    });
    await expect(ensureInitialAdmin(env.db, env.services.passwords, spec, log)).resolves.toEqual({
      outcome: 'already-admin',
      email: 'boss@example.com',
    });
    expect(log.lines).toEqual([{ level: 'info', text: 'created admin boss@example.com' }]);
    expect((await findUserByEmail(env.db, 'boss@example.com'))?.role).toBe('rto_admin');
  });

  it("an email that belongs to a student is logged in one line and the student's account is untouched", async () => {
    const student = await env.signedIn('student', { email: 'taken@example.com' });
    const log = recordingLog();
    const result = await ensureInitialAdmin(
      env.db,
      env.services.passwords,
      { email: 'taken@example.com', password: 'initial-admin-secret' },
      log,
    );
    expect(result).toEqual({ outcome: 'not-admin', email: 'taken@example.com', role: 'student' });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.level).toBe('warn');
    expect(log.lines[0]?.text).toBe(
      'INITIAL_ADMIN_EMAIL: taken@example.com already belongs to a student account, which is not an admin; left it alone and created no admin',
    );
    const row = await findUserByEmail(env.db, 'taken@example.com');
    expect(row).toMatchObject({
      id: student.user.id,
      role: 'student',
      passwordHash: student.user.passwordHash,
    });
  });

  it('the server still starts when the email belongs to an assessor', async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'evident-start-')),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      INITIAL_ADMIN_EMAIL: 'assessor-first@example.com',
      INITIAL_ADMIN_PASSWORD: 'initial-admin-secret',
    });
    // The data folder starts as a copy of the migrated template, not an initdb on disk (seconds of WASM).
    if (config.database.kind !== 'pglite') throw new Error('the embedded database was expected');
    const before = await openDatabase({ ...config.database, loadDataDir: await pgliteTemplate() });
    await before.migrate();
    await insertUser(before.db, {
      email: 'assessor-first@example.com',
      firstName: 'Ann',
      lastName: 'Assessor',
      role: 'assessor',
      passwordHash: null,
    });
    await before.close();

    const { app, database } = await startServer(config);
    try {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect((await findUserByEmail(database.db, 'assessor-first@example.com'))?.role).toBe('assessor');
    } finally {
      await app.close();
    }
  });
});

describe('pnpm cli create-admin arguments', () => {
  it('accepts a valid email and password, normalised like sign-up', () => {
    expect(
      parseCreateAdminArgs([
        '--email',
        '  Admin@Example.COM ',
        '--password',
        'long-enough',
        '--first-name',
        'Rita',
      ]),
    ).toEqual({
      ok: true,
      spec: { email: 'admin@example.com', password: 'long-enough', firstName: 'Rita', lastName: undefined },
    });
  });

  it('answers bad input with a message instead of throwing', () => {
    const cases: [string[], string | RegExp][] = [
      [['--email', 'not-an-email', '--password', 'long-enough'], 'Email must be a valid email address'],
      [['--email', 'a@example.com', '--password', 'short'], 'Password must be at least 8 characters'],
      [['--password', 'long-enough'], '--email is required'],
      [['--email', 'a@example.com'], '--password is required'],
      [['--email', 'a@example.com', '--password', 'long-enough', '--admin'], /Unknown option '--admin'/],
      [['--email'], /--email/],
    ];
    for (const [args, message] of cases) {
      const parsed = parseCreateAdminArgs(args);
      expect(parsed.ok, args.join(' ')).toBe(false);
      if (!parsed.ok) expect(parsed.message, args.join(' ')).toMatch(message);
    }
  });
});
