import type { DomainEvent } from '@evident/core/events';
import { auditEvents, observations, submissions } from '@evident/db/schema';
import {
  buildEnrolment,
  buildRequirement,
  buildSubmission,
  buildTask,
  buildUnit,
} from '@evident/db/testing/factories';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { gradingServer } from './grading-server';
import type { TestEnv } from './harness';
import { refusal } from './refusal';
import { restAs } from './rest-fixtures';

// Issue 29 §5: an assessor's observation checklist becomes evidence on the student's submission,
// sent once however often the phone's queue retries it, and refused whole when anything is wrong.

const events: DomainEvent[] = [];
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
gradingServer(events, (server) => {
  env = server.env;
  app = server.app;
});

/** A unit of release 1 with two tasks; the first maps PC 1.1 and PE 1, the second nothing. */
async function observable() {
  const unit = await buildUnit(env.db, { release: '1' });
  const task = await buildTask(env.db, { unitId: unit.id, title: 'Operate the forklift' });
  const unmapped = await buildTask(env.db, { unitId: unit.id, title: 'Reflect on the shift' });
  await buildRequirement(env.db, {
    unitId: unit.id,
    section: 'pc',
    key: 'PC 1.1',
    text: 'Check the work area for hazards',
    taskIds: [task.id],
  });
  await buildRequirement(env.db, {
    unitId: unit.id,
    section: 'pe',
    key: 'PE 1',
    text: 'Operate the forklift on two occasions',
    taskIds: [task.id],
  });
  await buildRequirement(env.db, { unitId: unit.id, section: 'ke', key: 'KE 1', text: 'Load charts' });
  const student = await env.signedIn('student', { firstName: 'Jordan', lastName: 'Lee' });
  await buildEnrolment(env.db, { studentId: student.user.id, unitId: unit.id });
  const assessor = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
  return { unit, task, unmapped, student, assessor, caller: await assessor.caller() };
}

const checklist = (studentId: string, taskId: string, clientKey = crypto.randomUUID()) => ({
  studentId,
  taskId,
  observedOn: '2026-03-02',
  place: 'Warehouse 2, Dock B',
  durationMinutes: 45,
  signedName: 'Priya Nair',
  items: [
    { key: 'PC 1.1', result: 'observed' as const, note: 'Walked the aisles first' },
    { key: 'PE 1', result: 'not_observed' as const },
  ],
  clientKey,
});

const rowsOf = async (studentId: string, taskId: string) => {
  const subs = await env.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.studentId, studentId), eq(submissions.taskId, taskId)));
  const obs = subs[0]
    ? await env.db.select().from(observations).where(eq(observations.submissionId, subs[0].id))
    : [];
  return { submissions: subs, observations: obs };
};

describe('recording an observation checklist', () => {
  it('starts the submission of a pending task and records who observed, the release and each item', async () => {
    const { task, student, assessor, caller } = await observable();
    const recorded = await caller.assessor.observations.record(checklist(student.user.id, task.id));

    expect(recorded).toMatchObject({
      assessorName: 'Priya Nair',
      actingAdminName: null,
      observedOn: '2026-03-02',
      place: 'Warehouse 2, Dock B',
      durationMinutes: 45,
      signedName: 'Priya Nair',
      unitRelease: '1',
      items: [
        {
          key: 'PC 1.1',
          text: 'Check the work area for hazards',
          result: 'observed',
          note: 'Walked the aisles first',
        },
        { key: 'PE 1', text: 'Operate the forklift on two occasions', result: 'not_observed', note: null },
      ],
    });
    const rows = await rowsOf(student.user.id, task.id);
    expect(rows.submissions.map((row) => row.status)).toEqual(['submitted']);
    expect(rows.observations).toHaveLength(1);
    expect(rows.observations[0]).toMatchObject({ assessorId: assessor.user.id, actingAdminId: null });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'submission.created', submissionId: recorded.submissionId }),
    );
    const [audit] = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'observation.recorded'), eq(auditEvents.subjectId, student.user.id)));
    expect(audit).toMatchObject({ actorId: assessor.user.id, actingAsId: null });

    // The staff and the student read it back, each through their own door.
    const listed = await caller.staff.observations.list({ submissionIds: [recorded.submissionId] });
    expect(listed.map((row) => row.id)).toEqual([recorded.id]);
    const own = await (await student.caller()).student.observations.list({ taskId: task.id });
    expect(own.map((row) => row.id)).toEqual([recorded.id]);
  });

  it('answers the same observation for the same client key, however often and however close together', async () => {
    const { task, student, caller } = await observable();
    const input = checklist(student.user.id, task.id);
    const first = await caller.assessor.observations.record(input);
    const again = await caller.assessor.observations.record(input);
    const together = await Promise.all([
      caller.assessor.observations.record(input),
      caller.assessor.observations.record(input),
    ]);
    expect([again, ...together].map((row) => row.id)).toEqual([first.id, first.id, first.id]);
    expect((await rowsOf(student.user.id, task.id)).observations).toHaveLength(1);

    // Two new keys sent at once, on a pending task: one submission, two observations.
    const { task: other, student: someone } = await observable();
    await Promise.all([
      caller.assessor.observations.record(checklist(someone.user.id, other.id)),
      caller.assessor.observations.record(checklist(someone.user.id, other.id)),
    ]);
    const rows = await rowsOf(someone.user.id, other.id);
    expect(rows.submissions).toHaveLength(1);
    expect(rows.observations).toHaveLength(2);
  });

  it('sends a not-yet-satisfactory submission back to the assessors, and refuses one already satisfactory', async () => {
    const { task, student, caller } = await observable();
    await buildSubmission(env.db, {
      studentId: student.user.id,
      taskId: task.id,
      status: 'not_yet_satisfactory',
    });
    await caller.assessor.observations.record(checklist(student.user.id, task.id));
    expect((await rowsOf(student.user.id, task.id)).submissions.map((row) => row.status)).toEqual([
      'submitted',
    ]);

    await env.db.update(submissions).set({ status: 'satisfactory' }).where(eq(submissions.taskId, task.id));
    expect(await refusal(caller.assessor.observations.record(checklist(student.user.id, task.id)))).toBe(
      'CONFLICT: This task has already been graded satisfactory; it needs no more evidence. Nothing was recorded.',
    );
    expect((await rowsOf(student.user.id, task.id)).observations).toHaveLength(1);
  });
});

describe('a checklist refused whole', () => {
  it('names an item the task is not mapped to, and writes nothing', async () => {
    const { task, student, caller } = await observable();
    const input = checklist(student.user.id, task.id);
    const refused = caller.assessor.observations.record({
      ...input,
      items: [...input.items, { key: 'KE 1', result: 'observed' }, { key: 'PC 9.9', result: 'observed' }],
    });
    expect(await refusal(refused)).toBe(
      'BAD_REQUEST: KE 1, PC 9.9 are not items this task is mapped to. Nothing was recorded.',
    );
    expect((await rowsOf(student.user.id, task.id)).submissions).toHaveLength(0);
  });

  it('refuses a task that maps no requirement, with what to do', async () => {
    const { unmapped, student, caller } = await observable();
    expect(
      await refusal(caller.assessor.observations.record(checklist(student.user.id, unmapped.id))),
    ).toMatch(/^BAD_REQUEST: This task is not mapped to any of the unit’s requirements/);
    expect((await rowsOf(student.user.id, unmapped.id)).submissions).toHaveLength(0);
  });

  it('refuses a student not enrolled in the task’s unit, and one outside the assessor’s classes', async () => {
    const { task, caller } = await observable();
    const stranger = await env.signedIn('student');
    expect(await refusal(caller.assessor.observations.record(checklist(stranger.user.id, task.id)))).toBe(
      'FORBIDDEN: This student is not enrolled in the unit of this task. Nothing was recorded.',
    );
    expect(
      await refusal(
        caller.assessor.observations.getChecklist({ studentId: stranger.user.id, taskId: task.id }),
      ),
    ).toMatch(/^FORBIDDEN: This student is not enrolled/);
    expect((await rowsOf(stranger.user.id, task.id)).submissions).toHaveLength(0);

    const { task: theirs, student: classmate, unit } = await observable();
    const other = await env.signedIn('assessor');
    await seedClass(env.db, {
      name: 'Someone else’s class',
      unitIds: [unit.id],
      assessorIds: [other.user.id],
      studentIds: [classmate.user.id],
    });
    const outside = await refusal(
      caller.assessor.observations.record(checklist(classmate.user.id, theirs.id)),
    );
    expect(outside).toMatch(/^FORBIDDEN: /);
    expect((await rowsOf(classmate.user.id, theirs.id)).submissions).toHaveLength(0);
  });

  it('refuses a date after today, a client key reused for another task, and bad fields with their reasons', async () => {
    const { task, unmapped, student, caller } = await observable();
    const future = checklist(student.user.id, task.id);
    expect(await refusal(caller.assessor.observations.record({ ...future, observedOn: '2999-01-01' }))).toBe(
      'BAD_REQUEST: The observation date cannot be later than today. Nothing was recorded.',
    );
    const input = checklist(student.user.id, task.id);
    await caller.assessor.observations.record(input);
    expect(await refusal(caller.assessor.observations.record({ ...input, taskId: unmapped.id }))).toBe(
      'CONFLICT: This checklist was already recorded for another student or task',
    );
    const blank = await refusal(
      caller.assessor.observations.record({
        ...checklist(student.user.id, task.id),
        signedName: '  ',
        place: '',
      }),
    );
    expect(blank).toMatch(/^BAD_REQUEST: [\s\S]*Place is required[\s\S]*Signed name is required/);
    const twice = await refusal(
      caller.assessor.observations.record({
        ...checklist(student.user.id, task.id),
        items: [
          { key: 'PE 1', result: 'observed' },
          { key: 'PE 1', result: 'not_applicable' },
        ],
      }),
    );
    expect(twice).toMatch(/PE 1 is listed twice/);
    expect((await rowsOf(student.user.id, task.id)).observations).toHaveLength(1);
  });

  it('refuses a student’s own call and an admin as themselves', async () => {
    const { task, student } = await observable();
    const admin = await env.signedIn('rto_admin');
    for (const caller of [await student.caller(), await admin.caller()]) {
      const refused = await refusal(caller.assessor.observations.record(checklist(student.user.id, task.id)));
      expect(refused).toMatch(/^FORBIDDEN/);
    }
  });
});

describe('an admin viewing the app as the assessor', () => {
  it('is recorded beside the assessor, in the row and on the trail', async () => {
    const { task, student, assessor } = await observable();
    const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    await (await admin.caller()).admin.impersonation.start({ userId: assessor.user.id });
    const recorded = await (await admin.caller()).assessor.observations.record(
      checklist(student.user.id, task.id),
    );
    expect(recorded).toMatchObject({ assessorName: 'Priya Nair', actingAdminName: 'Ada Admin' });
    const [audit] = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'observation.recorded'), eq(auditEvents.subjectId, student.user.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, actingAsId: assessor.user.id });
  });
});

describe('over REST', () => {
  it('POST /api/assessor/observations answers 201, a retry the same, and GET lists it', async () => {
    const { task, student, assessor } = await observable();
    const rest = restAs(env, app, assessor);
    const input = checklist(student.user.id, task.id);
    const first = await rest.post('/api/assessor/observations', input);
    expect(first.statusCode, first.body).toBe(201);
    const again = await rest.post('/api/assessor/observations', input);
    expect(again.json().id).toBe(first.json().id);
    const listed = await rest.get(`/api/assessor/observations?submissionIds=${first.json().submissionId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((row: { id: string }) => row.id)).toEqual([first.json().id]);

    const unmapped = await rest.post('/api/assessor/observations', {
      ...checklist(student.user.id, task.id),
      items: [{ key: 'KE 1', result: 'observed' }],
    });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.body).toBe('KE 1 is not an item this task is mapped to. Nothing was recorded.');

    const theirs = await restAs(env, app, student).get(`/api/student/tasks/${task.id}/observations`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toHaveLength(1);
  });
});
