import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { createTestEnv, type TestEnv } from './harness';
import { submission } from './matrix-fixtures';
import { restAs } from './rest-fixtures';
import { studentInUnit } from './unit-outcome-fixtures';

// Issue 29 §4: the Evidence Matrix's Unit column (and its CSV) shows the outcome standing for each student.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

const competent = (studentId: string, unitId: string) => ({
  studentId,
  unitId,
  outcome: 'competent' as const,
  justification: 'All performance evidence shown at work.',
  declarationVersion: 1,
});

describe('the Unit column', () => {
  it('shows each standing outcome on the matrix and in its CSV; a superseded one is gone, another class’s hidden', async () => {
    const { unit, student, tasks } = await studentInUnit(env, { taskCount: 1 });
    const annie = await env.signedIn('assessor');
    const recorded = await (await annie.caller()).assessor.unitOutcomes.record(
      competent(student.id, unit.id),
    );
    const matrix = await (await annie.caller()).staff.evidenceMatrix.get({ unitId: unit.id });
    expect(matrix.outcomes).toEqual({ [student.id]: { id: recorded.id, outcome: 'competent' } });

    const csv = await restAs(env, app, annie).get(`/api/reports/evidence-matrix.csv?unitId=${unit.id}`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/,Progress \(%\),Satisfied,Tasks,Unit$/);
    expect(lines[1]).toMatch(/,100,1,1,Competent$/);

    // Once in a class Annie does not assess, the student (and their outcome) leaves her matrix.
    const bert = await env.signedIn('assessor');
    await seedClass(env.db, {
      name: `Matrix outcome ${unit.unitCode}`,
      unitIds: [unit.id],
      assessorIds: [bert.user.id],
      studentIds: [student.id],
    });
    expect((await (await annie.caller()).staff.evidenceMatrix.get({ unitId: unit.id })).outcomes).toEqual({});

    // A new task reopens the unit: the column empties, the CSV cell too.
    const admin = await (await env.signedIn('rto_admin')).caller();
    const added = await admin.admin.tasks.create({ unitId: unit.id, title: 'Second look' });
    const after = await (await bert.caller()).staff.evidenceMatrix.get({ unitId: unit.id });
    expect(after.outcomes).toEqual({});
    expect(after.tasks.map((t) => t.id)).toEqual([tasks[0]?.id, added.id]);
    await submission(env, {
      studentId: student.id,
      taskId: added.id,
      status: 'not_yet_satisfactory',
      files: 0,
    });
    const csvAfter = await restAs(env, app, bert).get(`/api/reports/evidence-matrix.csv?unitId=${unit.id}`);
    expect(csvAfter.body.split('\r\n')[1]).toMatch(/,50,1,2,$/);
  });
});
