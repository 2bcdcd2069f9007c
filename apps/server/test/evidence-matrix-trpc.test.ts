import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { enrolledStudent, submission, unitWithTasks } from './matrix-fixtures';

/**
 * `staff.evidenceMatrix.get` answers the JSON text the database wrote, over /trpc as over REST, and
 * a plain object to an in-process caller; each the same answer.
 */
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let fx: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const one = await unitWithTasks(env, 'WIRE1', 2);
  const two = await unitWithTasks(env, 'WIRE2', 1);
  // What a replacement string would read as a pattern (`$&`, `$'`), quotes and a backslash.
  const ann = await enrolledStudent(env, [one.unit.id, two.unit.id], {
    firstName: 'Ann $& $1',
    lastName: `O'Brien "A\\" $'`,
  });
  await submission(env, { studentId: ann.id, taskId: one.tasks[0]?.id ?? '', status: 'satisfactory' });
  // Enough students that the answer is compressed (over 1 KB).
  for (let i = 0; i < 12; i++) {
    await enrolledStudent(env, [one.unit.id], { firstName: `Student${i}`, lastName: 'Wire' });
  }
  return { one, two, ann };
}

beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  fx = await seed();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('the Evidence Matrix as the database wrote it', () => {
  it('goes out over /trpc as written, the same answer REST and an in-process caller get', async () => {
    const assessor = await env.signedIn('assessor');
    const cookie = `${env.services.sessions.cookieName}=${assessor.sessionId}`;
    const rest = await app.inject({
      method: 'GET',
      url: `/api/reports/evidence-matrix?unitId=${fx.one.unit.id}`,
      headers: { cookie },
    });
    expect(rest.statusCode).toBe(200);
    // PostgreSQL writes `"key" : value`, which no JSON.stringify would: the text was not rewritten.
    expect(rest.body).toContain('"firstName" : "Ann $& $1"');

    const single = await app.inject({
      method: 'GET',
      url: `/trpc/staff.evidenceMatrix.get?input=${input({ unitId: fx.one.unit.id })}`,
      headers: { cookie },
    });
    expect(single.statusCode).toBe(200);
    expect(single.body).toBe(`{"result":{"data":${rest.body}}}`);
    const inProcess = await (await assessor.caller()).staff.evidenceMatrix.get({ unitId: fx.one.unit.id });
    expect(single.json().result.data).toEqual(inProcess);
    expect(inProcess.students.map((s) => s.lastName)).toContain(`O'Brien "A\\" $'`);
  });

  it('goes into a batch beside other answers, each in its place', async () => {
    const assessor = await env.signedIn('assessor');
    const cookie = `${env.services.sessions.cookieName}=${assessor.sessionId}`;
    const caller = await assessor.caller();
    const paths = 'staff.evidenceMatrix.get,staff.classFilter.get,staff.evidenceMatrix.get';
    const inputs = input({ 0: { unitId: fx.one.unit.id }, 2: { unitId: fx.two.unit.id } });
    const batch = await app.inject({
      method: 'GET',
      url: `/trpc/${paths}?batch=1&input=${inputs}`,
      headers: { cookie },
    });
    expect(batch.statusCode).toBe(200);
    const [first, filter, second] = batch.json() as { result: { data: unknown } }[];
    expect(first?.result.data).toEqual(await caller.staff.evidenceMatrix.get({ unitId: fx.one.unit.id }));
    expect(filter?.result.data).toEqual(await caller.staff.classFilter.get());
    expect(second?.result.data).toEqual(await caller.staff.evidenceMatrix.get({ unitId: fx.two.unit.id }));
    expect(batch.body).not.toContain('evident-database-json:');
  });

  it('is compressed after it is put in place', async () => {
    const assessor = await env.signedIn('assessor');
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/staff.evidenceMatrix.get?input=${input({ unitId: fx.one.unit.id })}`,
      headers: {
        cookie: `${env.services.sessions.cookieName}=${assessor.sessionId}`,
        'accept-encoding': 'br',
      },
    });
    expect(response.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(response.rawPayload).toString());
    expect(body.result.data).toEqual(
      await (await assessor.caller()).staff.evidenceMatrix.get({ unitId: fx.one.unit.id }),
    );
  });

  it('a refused call holds nothing back: the error goes out as tRPC writes it', async () => {
    const student = await env.signedIn('student');
    const refused = await app.inject({
      method: 'GET',
      url: `/trpc/staff.evidenceMatrix.get?input=${input({ unitId: fx.one.unit.id })}`,
      headers: { cookie: `${env.services.sessions.cookieName}=${student.sessionId}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You do not have permission to do that');
  });
});
