import {
  buildEnrolment,
  buildEvidenceFile,
  buildSubmission,
  buildTask,
  buildUnit,
} from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

/**
 * Issue 28: a deactivated student's work stays on the Evidence Matrix and in the grading list, and
 * now says whose account is deactivated, so the screens and scripts can mark them.
 */

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

async function twoStudentsOneDeactivated() {
  const unit = await buildUnit(env.db, { unitCode: 'DEACT1', title: 'Deactivation' });
  const task = await buildTask(env.db, { unitId: unit.id, title: 'Inspect the ladder' });
  const active = await env.signedIn('student', { firstName: 'Ava', lastName: 'Active' });
  const gone = await env.signedIn('student', { firstName: 'Dee', lastName: 'Gone' });
  for (const student of [active, gone]) {
    await buildEnrolment(env.db, { studentId: student.user.id, unitId: unit.id });
    const submission = await buildSubmission(env.db, { studentId: student.user.id, taskId: task.id });
    await buildEvidenceFile(env.db, { submissionId: submission.id });
  }
  const admin = await env.signedIn('rto_admin');
  await (await admin.caller()).admin.users.deactivate({ userId: gone.user.id });
  return { unit, active, gone, admin };
}

describe('deactivated students on the staff screens', () => {
  it('the matrix and the grading list say whose account is deactivated, over tRPC and REST', async () => {
    const { unit, active, gone, admin } = await twoStudentsOneDeactivated();
    const assessor = await (await env.signedIn('assessor')).caller();

    const matrix = await assessor.staff.evidenceMatrix.get({ unitId: unit.id });
    expect(matrix.students.map((s) => [s.lastName, s.deactivated])).toEqual([
      ['Active', false],
      ['Gone', true],
    ]);
    const waiting = await assessor.staff.submissions.list();
    expect(
      waiting
        .filter((s) => s.unit.id === unit.id)
        .map((s) => [s.studentId, s.student.lastName, s.student.deactivated]),
    ).toEqual([
      [active.user.id, 'Active', false],
      [gone.user.id, 'Gone', true],
    ]);

    const cookie = `evident_session=${admin.sessionId}`;
    const rest = await app.inject({
      method: 'GET',
      url: `/api/reports/evidence-matrix?unitId=${unit.id}`,
      headers: { cookie },
    });
    expect(rest.statusCode).toBe(200);
    const students = rest.json().students as { lastName: string; deactivated: boolean }[];
    expect(students.map((s) => [s.lastName, s.deactivated])).toEqual([
      ['Active', false],
      ['Gone', true],
    ]);
    const listed = await app.inject({ method: 'GET', url: '/api/assessor/submissions', headers: { cookie } });
    const gones = (listed.json() as { studentId: string; student: { deactivated: boolean } }[]).filter(
      (s) => s.studentId === gone.user.id,
    );
    expect(gones.map((s) => s.student.deactivated)).toEqual([true]);

    // Reactivated, the mark goes.
    await (await admin.caller()).admin.users.reactivate({ userId: gone.user.id });
    const again = await assessor.staff.evidenceMatrix.get({ unitId: unit.id });
    expect(again.students.map((s) => s.deactivated)).toEqual([false, false]);
  });

  it('the OpenAPI document describes the field on both answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ok = (path: string) => doc.paths[path].get.responses['200'].content['application/json'].schema;
    expect(ok('/api/reports/evidence-matrix').properties.students.items.properties.deactivated).toMatchObject(
      {
        type: 'boolean',
      },
    );
    expect(ok('/api/assessor/submissions').items.properties.student.properties.deactivated).toMatchObject({
      type: 'boolean',
    });
  });
});
