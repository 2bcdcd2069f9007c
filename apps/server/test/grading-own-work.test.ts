import { submissions } from '@evident/db/schema';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { studentWithSubmissions } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { refusal } from './refusal';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

/** A student with work waiting for a decision, whom an admin then makes an assessor: the work stays. */
async function promotedStudent(unitCode: string) {
  const own = await studentWithSubmissions(env, app, { count: 2, unitCode });
  const admin = await (await env.signedIn('rto_admin')).caller();
  await admin.admin.users.changeRole({ userId: own.student.user.id, role: 'assessor' });
  return { ...own, caller: await own.student.caller() };
}

describe('an assessor who has work of their own from their student days', () => {
  it('does not find it in the grading queue, and still finds the other students’ work', async () => {
    const other = await studentWithSubmissions(env, app, { count: 1, unitCode: 'HLTINF006' });
    const own = await promotedStudent('HLTINF006');

    const queue = await own.caller.staff.submissions.list();
    const ids = queue.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining(other.submitted.map((s) => s.submissionId)));
    for (const { submissionId } of own.submitted) expect(ids).not.toContain(submissionId);
    expect(queue.map((row) => row.studentId)).not.toContain(own.student.user.id);

    const matrix = await own.caller.staff.evidenceMatrix.get({});
    expect(matrix.students.map((s) => s.id)).not.toContain(own.student.user.id);
  });

  it('is refused grading it with 403 and the real reason, alone or among others’ work, and nothing is graded', async () => {
    const other = await studentWithSubmissions(env, app, { count: 1, unitCode: 'SITXFSA005' });
    const own = await promotedStudent('SITXFSA005');
    const [mine] = own.submitted;
    const [theirs] = other.submitted;
    if (!mine || !theirs) throw new Error('fixtures made no submissions');

    const alone = own.caller.assessor.submissions.grade({
      submissionIds: [mine.submissionId],
      status: 'satisfactory',
    });
    expect(await refusal(alone)).toBe('FORBIDDEN: You cannot grade your own work');
    const mixed = own.caller.assessor.submissions.grade({
      submissionIds: [theirs.submissionId, mine.submissionId],
      status: 'satisfactory',
    });
    expect(await refusal(mixed)).toBe('FORBIDDEN: You cannot grade your own work');

    // In a class they do not assess, the reason is still that it is their own work.
    await seedClass(env.db, {
      name: 'Where they once studied',
      unitIds: [],
      assessorIds: [],
      studentIds: [own.student.user.id],
    });
    expect(
      await refusal(
        own.caller.assessor.submissions.grade({
          submissionIds: [mine.submissionId],
          status: 'satisfactory',
        }),
      ),
    ).toBe('FORBIDDEN: You cannot grade your own work');

    const rows = await env.db
      .select({ status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, [mine.submissionId, theirs.submissionId]));
    expect(rows.map((row) => row.status)).toEqual(['submitted', 'submitted']);

    // The refusal reaches REST callers as 403 with the message.
    const response = await app.inject({
      method: 'POST',
      url: '/api/assessor/grade',
      headers: {
        cookie: `${env.services.sessions.cookieName}=${own.student.sessionId}`,
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ submissionIds: [mine.submissionId], status: 'satisfactory' }),
    });
    expect([response.statusCode, response.body]).toEqual([403, 'You cannot grade your own work']);
  });
});
