import type { DomainEvent } from '@evident/core/events';
import { auditEvents, submissions } from '@evident/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { createTestEnv, type TestEnv } from './harness';
import { submission } from './matrix-fixtures';
import { restAs } from './rest-fixtures';
import {
  assessorDeclarations,
  competent,
  decisionsOn,
  outcomesIn,
  studentInUnit,
} from './unit-outcome-fixtures';

// Issue 29 §4: the assessor records the unit outcome; refusals write nothing; later decisions reopen it.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
const events: DomainEvent[] = [];

beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
  env.services.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

const rest = (client: { sessionId: string | null }) => restAs(env, app, client);

describe('recording a unit outcome', () => {
  it('an assessor records Competent over REST with the declaration, the release, the audit row and an event', async () => {
    const { unit, student } = await studentInUnit(env);
    const priya = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    const response = await rest(priya).post('/api/assessor/unit-outcomes', competent(student.id, unit.id));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      outcome: 'competent',
      justification: 'Every task met the performance criteria on the job.',
      remaining: null,
      assessorName: 'Priya Nair',
      actingAdminName: null,
      declaration: { version: 1, text: expect.stringMatching(/\w/) },
      unitRelease: '2',
      supersededAt: null,
    });
    const [row] = await outcomesIn(env, unit.id);
    expect(row).toMatchObject({ assessorId: priya.user.id, actingAdminId: null, unitRelease: '2' });
    expect(await assessorDeclarations(env, priya.user.id)).toBe(1);
    const audit = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'unit.outcome'), eq(auditEvents.subjectId, student.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ outcome: 'competent', unitId: unit.id, declarationVersion: 1 });
    expect(events).toContainEqual({ type: 'unitOutcome.changed', studentId: student.id, unitId: unit.id });

    const listed = await rest(priya).get(`/api/assessor/unit-outcomes?unitId=${unit.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject([{ id: row?.id, studentId: student.id, outcome: 'competent' }]);
    const own = await (await env.sessionFor(student.id)).caller();
    expect(await own.student.unitOutcomes.list()).toMatchObject([{ unitId: unit.id, outcome: 'competent' }]);
  });

  it('Not Yet Competent needs what remains; then a Competent outcome replaces it, and both stay', async () => {
    const { unit, student } = await studentInUnit(env);
    const assessor = await (await env.signedIn('assessor', { firstName: 'Dan', lastName: 'Roe' })).caller();
    const nyc = {
      ...competent(student.id, unit.id),
      outcome: 'not_yet_competent' as const,
      justification: 'Knowledge of the hazard controls is not shown yet.',
    };
    await expect(assessor.assessor.unitOutcomes.record(nyc)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Say what remains'),
    });
    const first = await assessor.assessor.unitOutcomes.record({ ...nyc, remaining: 'Explain the controls' });
    expect(first).toMatchObject({ outcome: 'not_yet_competent', remaining: 'Explain the controls' });
    // Without saying which outcome it replaces, a second is refused: one stands.
    await expect(assessor.assessor.unitOutcomes.record(competent(student.id, unit.id))).rejects.toMatchObject(
      {
        code: 'CONFLICT',
        message: expect.stringMatching(/already has an outcome .*Not Yet Competent.*Nothing was recorded/),
      },
    );
    const second = await assessor.assessor.unitOutcomes.record({
      ...competent(student.id, unit.id),
      replacesOutcomeId: first.id,
    });
    const rows = await outcomesIn(env, unit.id);
    expect(rows.map((r) => [r.id, r.outcome, r.supersededReason])).toEqual([
      [first.id, 'not_yet_competent', 'Replaced by a later outcome from Dan Roe'],
      [second.id, 'competent', null],
    ]);
    const listed = await assessor.staff.unitOutcomes.list({ unitId: unit.id });
    expect(listed.map((o) => [o.outcome, o.supersededAt === null])).toEqual([
      ['competent', true],
      ['not_yet_competent', false],
    ]);
  });

  it('two assessors recording at once: one outcome stands, the other is told', async () => {
    const { unit, student } = await studentInUnit(env);
    const [a, b] = await Promise.all([
      env.signedIn('assessor').then((p) => p.caller()),
      env.signedIn('assessor').then((p) => p.caller()),
    ]);
    const results = await Promise.allSettled([
      a.assessor.unitOutcomes.record(competent(student.id, unit.id)),
      b.assessor.unitOutcomes.record(competent(student.id, unit.id)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await outcomesIn(env, unit.id)).toHaveLength(1);
  });

  it('an admin viewing as the assessor is recorded as acting; an admin as themselves cannot record', async () => {
    const { unit, student } = await studentInUnit(env);
    const assessor = await env.signedIn('assessor');
    const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    await expect(
      (await admin.caller()).assessor.unitOutcomes.record(competent(student.id, unit.id)),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { setActingAs } = await import('@evident/db/queries/sessions');
    await setActingAs(env.db, { sessionId: admin.sessionId ?? '', actingAsUserId: assessor.user.id });
    const recorded = await (await admin.caller()).assessor.unitOutcomes.record(
      competent(student.id, unit.id),
    );
    expect(recorded.actingAdminName).toBe('Ada Admin');
    const [row] = await outcomesIn(env, unit.id);
    expect(row).toMatchObject({ assessorId: assessor.user.id, actingAdminId: admin.user.id });
  });
});

describe('refusals write nothing', () => {
  it('Competent while a task is not satisfactory names the task', async () => {
    const { unit, student, tasks } = await studentInUnit(env, { taskCount: 3, satisfied: 1 });
    const marker = await env.signedIn('assessor');
    const response = await rest(marker).post('/api/assessor/unit-outcomes', competent(student.id, unit.id));
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain(`“${tasks[1]?.title}” and “${tasks[2]?.title}” are not satisfactory`);
    expect(await outcomesIn(env, unit.id)).toEqual([]);
    expect(await assessorDeclarations(env, marker.user.id)).toBe(0);
  });

  it('Competent in a unit without tasks', async () => {
    const { unit, student } = await studentInUnit(env, { taskCount: 0 });
    const marker = await env.signedIn('assessor');
    const response = await rest(marker).post('/api/assessor/unit-outcomes', competent(student.id, unit.id));
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('has no tasks yet');
    expect(await outcomesIn(env, unit.id)).toEqual([]);
  });

  it('Competent while any of the unit’s evidence is undeclared', async () => {
    const { unit, student } = await studentInUnit(env, { declared: false });
    const marker = await env.signedIn('assessor');
    const response = await rest(marker).post('/api/assessor/unit-outcomes', competent(student.id, unit.id));
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('not declared as their own work');
    expect(await outcomesIn(env, unit.id)).toEqual([]);
    expect(await assessorDeclarations(env, marker.user.id)).toBe(0);
  });

  it('a declaration version that does not exist', async () => {
    const { unit, student } = await studentInUnit(env);
    const marker = await env.signedIn('assessor');
    const response = await rest(marker).post('/api/assessor/unit-outcomes', {
      ...competent(student.id, unit.id),
      declarationVersion: 99,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('no version 99');
    const missing = await rest(marker).post('/api/assessor/unit-outcomes', {
      ...competent(student.id, unit.id),
      declarationVersion: undefined,
    });
    expect(missing.statusCode).toBe(400);
    expect(await outcomesIn(env, unit.id)).toEqual([]);
  });

  it('a justification left empty', async () => {
    const { unit, student } = await studentInUnit(env);
    const marker = await env.signedIn('assessor');
    const response = await rest(marker).post('/api/assessor/unit-outcomes', {
      ...competent(student.id, unit.id),
      justification: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Write the justification');
    expect(await outcomesIn(env, unit.id)).toEqual([]);
  });

  it('a student outside the assessor’s classes, and a student not in the unit', async () => {
    const { unit, student } = await studentInUnit(env);
    const annie = await env.signedIn('assessor', { firstName: 'Annie', lastName: 'Inclass' });
    const bert = await env.signedIn('assessor', { firstName: 'Bert', lastName: 'Otherclass' });
    const classX = await seedClass(env.db, {
      name: `Outcome class ${unit.unitCode}`,
      unitIds: [unit.id],
      assessorIds: [annie.user.id],
      studentIds: [student.id],
    });
    const refused = await rest(bert).post('/api/assessor/unit-outcomes', competent(student.id, unit.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('in a class you do not assess');
    expect(await outcomesIn(env, unit.id)).toEqual([]);
    // Bert's list does not show Annie's student either; Annie's class filter does.
    await (await annie.caller()).assessor.unitOutcomes.record(competent(student.id, unit.id));
    expect(await (await bert.caller()).staff.unitOutcomes.list({ unitId: unit.id })).toEqual([]);
    const annies = await rest(annie).get(
      `/api/assessor/unit-outcomes?unitId=${unit.id}&classId=${classX.id}`,
    );
    expect(annies.json()).toHaveLength(1);
    const hidden = await rest(bert).get(`/api/assessor/unit-outcomes?unitId=${unit.id}&classId=${classX.id}`);
    expect(hidden.statusCode).toBe(404);

    const other = await studentInUnit(env);
    const notEnrolled = await rest(annie).post(
      '/api/assessor/unit-outcomes',
      competent(other.student.id, unit.id),
    );
    expect(notEnrolled.statusCode).toBe(404);
    expect(notEnrolled.body).toContain('is not enrolled in this unit');
  });
});

describe('reopening', () => {
  it('a later NYS decision on a task supersedes the outcome with the reason; the decision names the release', async () => {
    const { unit, student, tasks, submissionIds } = await studentInUnit(env);
    const assessor = await (await env.signedIn('assessor')).caller();
    await assessor.assessor.unitOutcomes.record(competent(student.id, unit.id));
    // The student adds evidence to a satisfactory task: it waits for a decision again.
    const resubmitted = submissionIds[1] ?? '';
    await env.db.update(submissions).set({ status: 'submitted' }).where(eq(submissions.id, resubmitted));
    events.length = 0;
    await assessor.assessor.submissions.grade({
      submissionIds: [resubmitted],
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Show the isolation step',
    });
    const [row] = await outcomesIn(env, unit.id);
    expect(row?.supersededAt).not.toBeNull();
    expect(row?.supersededReason).toBe(`Not yet satisfactory on “${tasks[1]?.title}”`);
    expect(row?.outcome).toBe('competent');
    expect(events).toContainEqual({ type: 'unitOutcome.changed', studentId: student.id, unitId: unit.id });
    const [decision] = await decisionsOn(env, resubmitted);
    expect(decision?.unitRelease).toBe('2');
    const own = await (await env.sessionFor(student.id)).caller();
    expect(await own.student.unitOutcomes.list()).toEqual([]);
  });

  it('a bulk NYS decision reopens each student’s outcome once, naming the first task', async () => {
    const one = await studentInUnit(env);
    const two = await studentInUnit(env);
    const assessor = await (await env.signedIn('assessor')).caller();
    for (const { unit, student } of [one, two])
      await assessor.assessor.unitOutcomes.record(competent(student.id, unit.id));
    const again = [...one.submissionIds, two.submissionIds[0] ?? ''];
    await env.db.update(submissions).set({ status: 'submitted' }).where(inArray(submissions.id, again));
    await assessor.assessor.submissions.grade({
      submissionIds: again,
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Show each step',
    });
    const [first] = await outcomesIn(env, one.unit.id);
    const [second] = await outcomesIn(env, two.unit.id);
    expect(first?.supersededReason).toMatch(/^Not yet satisfactory on “OUT\w+ task \d”$/);
    expect(second?.supersededReason).toBe(`Not yet satisfactory on “${two.tasks[0]?.title}”`);
  });

  it('a satisfactory decision leaves the outcome standing', async () => {
    const { unit, student, submissionIds } = await studentInUnit(env);
    const assessor = await (await env.signedIn('assessor')).caller();
    await assessor.assessor.unitOutcomes.record(competent(student.id, unit.id));
    const again = submissionIds[0] ?? '';
    await env.db.update(submissions).set({ status: 'submitted' }).where(eq(submissions.id, again));
    await assessor.assessor.submissions.grade({ submissionIds: [again], status: 'satisfactory' });
    expect((await outcomesIn(env, unit.id))[0]?.supersededAt).toBeNull();
  });

  it('a new task in the unit, and a task restored, reopen every standing outcome', async () => {
    const { unit, student } = await studentInUnit(env);
    const assessor = await (await env.signedIn('assessor')).caller();
    await assessor.assessor.unitOutcomes.record(competent(student.id, unit.id));
    const admin = await (await env.signedIn('rto_admin')).caller();
    const added = await admin.admin.tasks.create({ unitId: unit.id, title: 'Lock out the plant' });
    const [row] = await outcomesIn(env, unit.id);
    expect(row?.supersededReason).toBe('New task in the unit: “Lock out the plant”');
    // Competent is refused until the new task is satisfactory too, and then recorded afresh.
    await expect(assessor.assessor.unitOutcomes.record(competent(student.id, unit.id))).rejects.toMatchObject(
      {
        code: 'CONFLICT',
        message: expect.stringContaining('“Lock out the plant” is not satisfactory'),
      },
    );
    await submission(env, { studentId: student.id, taskId: added.id, status: 'satisfactory', files: 0 });
    await assessor.assessor.unitOutcomes.record(competent(student.id, unit.id));
    await admin.admin.tasks.archive({ taskId: added.id });
    expect((await outcomesIn(env, unit.id)).filter((o) => o.supersededAt === null)).toHaveLength(1);
    await admin.admin.tasks.unarchive({ taskId: added.id });
    const rows = await outcomesIn(env, unit.id);
    expect(rows.map((o) => o.supersededReason)).toEqual([
      'New task in the unit: “Lock out the plant”',
      'New task in the unit: “Lock out the plant”',
    ]);
  });
});
