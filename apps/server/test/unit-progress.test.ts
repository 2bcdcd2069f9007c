import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { createTestEnv, type TestEnv } from './harness';
import { submission } from './matrix-fixtures';
import { competent, studentInUnit } from './unit-outcome-fixtures';

// Issue 29 §4: the grading screen asks, after its decisions, whether a unit is ready for its outcome.

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
});
afterAll(() => env?.close());

describe('staff.unitOutcomes.listProgress', () => {
  it('counts the satisfactory tasks, then shows the outcome once one stands', async () => {
    const ready = await studentInUnit(env, { taskCount: 2 });
    const halfway = await studentInUnit(env, { taskCount: 3, satisfied: 1 });
    const assessor = await (
      await env.signedIn('assessor', { firstName: 'Gail', lastName: 'Grader' })
    ).caller();
    const pairs = [
      { studentId: ready.student.id, unitId: ready.unit.id },
      { studentId: halfway.student.id, unitId: halfway.unit.id },
    ];
    const before = await assessor.staff.unitOutcomes.listProgress({ pairs });
    expect(before).toHaveLength(2);
    expect(before.find((row) => row.unitId === ready.unit.id)).toMatchObject({
      total: 2,
      satisfied: 2,
      undeclared: false,
      standing: null,
    });
    expect(before.find((row) => row.unitId === halfway.unit.id)).toMatchObject({
      total: 3,
      satisfied: 1,
      standing: null,
    });

    await assessor.assessor.unitOutcomes.record(competent(ready.student.id, ready.unit.id));
    const after = await assessor.staff.unitOutcomes.listProgress({ pairs: [pairs[0] as (typeof pairs)[0]] });
    expect(after).toMatchObject([
      {
        satisfied: 2,
        total: 2,
        standing: { outcome: 'competent', assessorName: 'Gail Grader', supersededAt: null },
      },
    ]);
  });

  it('says when a file is undeclared, and leaves out a student not enrolled or outside the assessor’s classes', async () => {
    const undeclared = await studentInUnit(env, { taskCount: 1, declared: false });
    const other = await studentInUnit(env, { taskCount: 1 });
    const annie = await env.signedIn('assessor', { firstName: 'Annie', lastName: 'Class' });
    const bert = await env.signedIn('assessor', { firstName: 'Bert', lastName: 'Other' });
    await seedClass(env.db, {
      name: `Progress class ${other.unit.unitCode}`,
      unitIds: [other.unit.id],
      assessorIds: [annie.user.id],
      studentIds: [other.student.id],
    });
    const asked = {
      pairs: [
        { studentId: undeclared.student.id, unitId: undeclared.unit.id },
        { studentId: other.student.id, unitId: other.unit.id },
        // Not enrolled in that unit.
        { studentId: undeclared.student.id, unitId: other.unit.id },
        { studentId: randomUUID(), unitId: other.unit.id },
      ],
    };
    const bertSees = await (await bert.caller()).staff.unitOutcomes.listProgress(asked);
    expect(bertSees).toEqual([
      expect.objectContaining({ studentId: undeclared.student.id, undeclared: true, satisfied: 1, total: 1 }),
    ]);
    const annieSees = await (await annie.caller()).staff.unitOutcomes.listProgress(asked);
    expect(annieSees.map((row) => row.studentId).sort()).toEqual(
      [undeclared.student.id, other.student.id].sort(),
    );
  });

  it('counts a unit without tasks as nothing to judge, and refuses a malformed ask with a message', async () => {
    const { unit, tasks, student } = await studentInUnit(env, { taskCount: 1, satisfied: 0 });
    await submission(env, {
      studentId: student.id,
      taskId: (tasks[0] as { id: string }).id,
      status: 'submitted',
    });
    const assessor = await (await env.signedIn('assessor')).caller();
    expect(
      await assessor.staff.unitOutcomes.listProgress({ pairs: [{ studentId: student.id, unitId: unit.id }] }),
    ).toMatchObject([{ total: 1, satisfied: 0, standing: null }]);
    await expect(assessor.staff.unitOutcomes.listProgress({ pairs: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Name at least one student and unit'),
    });
    const student1 = await (await env.sessionFor(student.id)).caller();
    await expect(
      student1.staff.unitOutcomes.listProgress({ pairs: [{ studentId: student.id, unitId: unit.id }] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
