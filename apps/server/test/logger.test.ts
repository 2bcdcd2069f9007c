import { insertUser } from '@evident/db/queries/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPino, toLogger } from '../src/logger';
import { createTestEnv, type TestEnv } from './harness';

/** A pino destination that keeps the lines it is given. */
function captured() {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line), text: () => lines.join('') };
}

const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$bm90LWEtcmVhbC1oYXNoLWJ1dC1sb25n';

let env: TestEnv;
const log = captured();
beforeAll(async () => {
  env = await createTestEnv({ logDestination: log });
  // Every new account now fails in the database, as an outage or a bad migration would make it.
  await env.db.execute(sql`alter table users add constraint refuse_new_users check (false) not valid`);
});
afterAll(() => env.close());

describe('logged database errors', () => {
  it("never carry a failed insert's parameters, such as the password hash", async () => {
    const thrown = await insertUser(env.db, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'student',
      passwordHash,
    }).catch((error: unknown) => error);
    // The unredacted error does carry it, in `params` and in its message.
    expect(thrown).toMatchObject({ params: expect.arrayContaining([passwordHash]) });
    expect(String((thrown as Error).message)).toContain(passwordHash);

    const out = captured();
    toLogger(createPino('info', out)).error(thrown, 'register failed');
    const line = JSON.parse(out.text());
    expect(out.text()).not.toContain(passwordHash);
    expect(out.text()).not.toContain('argon2');
    expect(line.msg).toBe('register failed');
    expect(line.err).not.toHaveProperty('params');
    expect(line.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(line.err.message).toContain('params: [redacted]');
    expect(line.err.stack).toContain('params: [redacted]');
  });

  it('also hides them in a driver error logged on its own and in nested errors', () => {
    const driverError = Object.assign(new Error('new row violates check constraint'), {
      detail: `Failing row contains (ada@example.com, ${passwordHash}, student).`,
      params: ['ada@example.com', passwordHash],
      parameters: [passwordHash],
    });
    const out = captured();
    const pino = createPino('info', out);
    pino.error({ err: new AggregateError([driverError], 'several failed') }, 'batch failed');
    pino.child({ reqId: 'req-1' }).error({ err: driverError }, 'request failed');
    expect(out.lines).toHaveLength(2);
    expect(out.text()).not.toContain(passwordHash);
    const [, request] = out.lines.map((line) => JSON.parse(line));
    expect(request.err.detail).toBe('Failing row contains (ada@example.com, [redacted], student).');
    expect(request.err).not.toHaveProperty('params');
    expect(request.err).not.toHaveProperty('parameters');
  });

  it('a registration that fails in the database is logged by the server without the hash', async () => {
    const app = await env.app();
    try {
      log.lines.length = 0;
      const register = (url: string, email: string) =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            firstName: 'Grace',
            lastName: 'Hopper',
            email,
            password: 'cobol-forever',
          }),
        });
      const res = await register('/api/auth/register', 'grace@example.com');
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('argon2');

      const trpc = await register('/trpc/auth.accounts.register', 'grace2@example.com');
      expect(trpc.statusCode).toBe(500);

      const failures = log.lines.map((line) => JSON.parse(line)).filter((line) => line.err);
      expect(failures.map((line) => line.msg)).toEqual([
        'POST /api/auth/register failed',
        'trpc auth.accounts.register failed',
      ]);
      for (const failure of failures) expect(failure.err.message).toContain('params: [redacted]');
      expect(log.text()).not.toContain('argon2');
    } finally {
      await app.close();
    }
  });
});
