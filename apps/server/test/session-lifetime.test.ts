import { sessions, users } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

// Issue 31 §2 reads the session and its people in one statement; lucia's rules stay: an expired or
// ended session admits nobody, and a session is extended (one write, a fresh cookie) only once it
// is past half its 30 days, not on every request.
const day = 24 * 60 * 60 * 1000;

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const expiryOf = async (sessionId: string | null) => {
  const [row] = await env.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId ?? ''));
  return row?.expiresAt ?? null;
};

describe('a session over its lifetime', () => {
  it('a request early in a session neither writes its expiry nor sends a cookie', async () => {
    const student = await env.signedIn('student');
    const before = await expiryOf(student.sessionId);
    const cookiesBefore = student.cookies.length;
    expect(await (await student.caller()).auth.session.get()).toMatchObject({ id: student.user.id });
    expect(await expiryOf(student.sessionId)).toEqual(before);
    expect(student.cookies).toHaveLength(cookiesBefore);
  });

  it('a session past half its life is extended to 30 days from now, with a fresh cookie', async () => {
    const student = await env.signedIn('student');
    const sessionId = student.sessionId ?? '';
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * day) })
      .where(eq(sessions.id, sessionId));
    const cookiesBefore = student.cookies.length;
    expect(await (await student.caller()).auth.session.get()).toMatchObject({ id: student.user.id });
    const extended = (await expiryOf(sessionId))?.getTime() ?? 0;
    expect(extended).toBeGreaterThan(Date.now() + 29 * day);
    expect(student.cookies).toHaveLength(cookiesBefore + 1);
    expect(student.cookies.at(-1)).toMatch(new RegExp(`=${sessionId};`));
  });

  it('an expired session admits nobody, is deleted, and the browser gets a blank cookie', async () => {
    const student = await env.signedIn('student');
    const sessionId = student.sessionId ?? '';
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId));
    expect(await (await student.caller()).auth.session.get()).toBeNull();
    expect(student.sessionId).toBeNull();
    expect(await expiryOf(sessionId)).toBeNull();
  });

  it('a session ended on the server admits nobody, though the browser still holds it', async () => {
    const student = await env.signedIn('student');
    await env.db.delete(sessions).where(eq(sessions.id, student.sessionId ?? ''));
    expect(await (await student.caller()).auth.session.get()).toBeNull();
  });

  it("the session's person is read with it: a change to them shows on the next request", async () => {
    const student = await env.signedIn('student', { firstName: 'Before' });
    expect(await (await student.caller()).auth.session.get()).toMatchObject({ firstName: 'Before' });
    await env.db.update(users).set({ firstName: 'After' }).where(eq(users.id, student.user.id));
    expect(await (await student.caller()).auth.session.get()).toMatchObject({ firstName: 'After' });
    await env.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, student.user.id));
    expect(await (await student.caller()).auth.session.get()).toBeNull();
  });
});
