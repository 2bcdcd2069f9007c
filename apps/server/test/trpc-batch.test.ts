import { MAX_CALLS_PER_BATCH } from '@evident/core/batch-limit';
import { users } from '@evident/db/schema';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const sameOrigin = { origin: 'http://localhost:80', host: 'localhost:80' };

function getBatch(calls: number, separator = ',') {
  const paths = Array.from({ length: calls }, () => 'auth.session.get').join(separator);
  return app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input=%7B%7D`, headers: sameOrigin });
}

describe('tRPC batches', () => {
  it('serve a GET batch of as many calls as the cap allows', async () => {
    expect(MAX_CALLS_PER_BATCH).toBe(10);
    const res = await getBatch(MAX_CALLS_PER_BATCH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(MAX_CALLS_PER_BATCH);
  });

  it('refuse a GET batch past the cap with 413 naming the limit', async () => {
    const res = await getBatch(MAX_CALLS_PER_BATCH + 1);
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(`at most ${MAX_CALLS_PER_BATCH} calls`);
    // As many calls as fit in the server's 5,000-character path parameter (more answer 414 first).
    const huge = await getBatch(Math.floor(5000 / 'auth.session.get,'.length));
    expect(huge.statusCode).toBe(413);
  });

  it('count calls whose separating comma is percent-encoded', async () => {
    const res = await getBatch(MAX_CALLS_PER_BATCH + 1, '%2C');
    expect(res.statusCode).toBe(413);
  });

  it('refuse a POST batch past the cap before any of its calls runs', async () => {
    const calls = MAX_CALLS_PER_BATCH + 1;
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [
        i,
        { firstName: 'Bat', lastName: 'Ch', email: `batch${i}@example.com`, password: 'analytical-engine' },
      ]),
    );
    const res = await app.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: calls }, () => 'auth.accounts.register').join(',')}?batch=1`,
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(`at most ${MAX_CALLS_PER_BATCH} calls`);
    const registered = await env.db.select().from(users).where(like(users.email, 'batch%@example.com'));
    expect(registered).toEqual([]);
  });
});
