import { adminReadOnlyGradingMessage, outsideYourClassesMessage } from '@evident/core/class-filter';
import { setActingAs } from '@evident/db/queries/sessions';
import { classes, submissions } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { createTestEnv, type TestEnv } from './harness';
import { enrolledStudent, submission, unitWithTasks } from './matrix-fixtures';

/**
 * Issue 19, classes seen from the assessor's side: an assessor sees and grades the students of their
 * classes and every student in no class; an admin sees everyone and grades no one; a class filter,
 * remembered per person, narrows the grading queue, the matrix and Email Outstanding.
 */
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let unitId: string;
let otherUnitId: string;
let taskIds: string[];
let people: Awaited<ReturnType<typeof seedPeople>>;

async function seedPeople() {
  const { unit, tasks } = await unitWithTasks(env, 'SCOPE101', 2);
  const other = await unitWithTasks(env, 'SCOPE202', 1);
  unitId = unit.id;
  otherUnitId = other.unit.id;
  taskIds = tasks.map((task) => task.id);
  const both = [unit.id, other.unit.id];
  const xena = await enrolledStudent(env, both, { firstName: 'Xena', lastName: 'Inclass' });
  const yuri = await enrolledStudent(env, both, { firstName: 'Yuri', lastName: 'Otherclass' });
  const nora = await enrolledStudent(env, both, { firstName: 'Nora', lastName: 'Noclass' });
  // Left class Y: the enrolment ended, so Lena is in no class again.
  const lena = await enrolledStudent(env, both, { firstName: 'Lena', lastName: 'Leftclass' });
  // In an archived class only: in no class that counts.
  const ada = await enrolledStudent(env, both, { firstName: 'Ada', lastName: 'Archived' });
  const annie = await env.signedIn('assessor', { firstName: 'Annie', lastName: 'Assessor' });
  const bert = await env.signedIn('assessor', { firstName: 'Bert', lastName: 'Assessor' });
  const admin = await env.signedIn('rto_admin');
  const classX = await seedClass(env.db, {
    name: 'Class X',
    unitIds: [unit.id],
    assessorIds: [annie.user.id],
    studentIds: [xena.id],
  });
  const classY = await seedClass(env.db, {
    name: 'Class Y',
    unitIds: [],
    assessorIds: [bert.user.id],
    studentIds: [yuri.id],
    endedStudentIds: [lena.id],
  });
  const archived = await seedClass(env.db, {
    name: 'Old class',
    unitIds: [unit.id],
    assessorIds: [bert.user.id],
    studentIds: [ada.id],
    archived: true,
  });
  const pending: Record<string, string> = {};
  for (const student of [xena, yuri, nora, lena, ada]) {
    const row = await submission(env, {
      studentId: student.id,
      taskId: taskIds[0] ?? '',
      status: 'submitted',
    });
    pending[student.firstName] = row.id;
  }
  return { xena, yuri, nora, lena, ada, annie, bert, admin, classX, classY, archived, pending };
}

beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
  people = await seedPeople();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const get = (client: { sessionId: string | null }, url: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${env.services.sessions.cookieName}=${client.sessionId}` },
  });
const firstNames = (rows: { student: { firstName: string } }[]) =>
  [...new Set(rows.map((row) => row.student.firstName))].sort();
const matrixNames = (matrix: { students: { firstName: string }[] }) =>
  matrix.students.map((student) => student.firstName).sort();

describe('an assessor sees the students of their classes and those in no class', () => {
  it('in the grading queue, the matrix, its export, Email Outstanding and the report chooser', async () => {
    const annie = await people.annie.caller();
    const expected = ['Ada', 'Lena', 'Nora', 'Xena'];
    expect(firstNames(await annie.staff.submissions.list())).toEqual(expected);
    expect(matrixNames(await annie.staff.evidenceMatrix.get({ unitId }))).toEqual(expected);
    const csv = await annie.staff.evidenceMatrix.exportCsv({ unitId });
    expect(csv.content).toContain('Xena');
    expect(csv.content).not.toContain('Yuri');
    expect((await annie.staff.outstanding.list({ unitId })).incomplete).toBe(4);
    const subjects = await annie.staff.records.listSubjects();
    expect(subjects.map((s) => s.firstName).sort()).toEqual(expected);
    const units = (await annie.staff.evidenceMatrix.get({ unitId })).units;
    expect(units.find((unit) => unit.id === unitId)?.studentCount).toBe(4);

    const bert = await people.bert.caller();
    expect(firstNames(await bert.staff.submissions.list())).toEqual(['Ada', 'Lena', 'Nora', 'Yuri']);
  });

  it("another class's student is refused with the reason: a matrix cell, the record PDF, grading", async () => {
    const annie = await people.annie.caller();
    await expect(
      annie.staff.submissions.get({ studentId: people.yuri.id, taskId: taskIds[0] ?? '' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: outsideYourClassesMessage });
    await expect(annie.staff.records.get({ studentId: people.yuri.id, unitId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const pdf = await get(people.annie, `/api/assessor/reports/${people.yuri.id}/${unitId}.pdf`);
    expect([pdf.statusCode, pdf.body]).toEqual([403, outsideYourClassesMessage]);

    const yuris = people.pending.Yuri ?? '';
    const noras = people.pending.Nora ?? '';
    await expect(
      annie.assessor.submissions.grade({ submissionIds: [noras, yuris], status: 'satisfactory' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/class you do not assess.*Nothing was graded/),
    });
    const rows = await env.db.select().from(submissions).where(eq(submissions.id, noras));
    expect(rows[0]?.status).toBe('submitted');

    // Her own class's student, and the one in no class, she opens and grades.
    const cell = await annie.staff.submissions.get({ studentId: people.xena.id, taskId: taskIds[0] ?? '' });
    expect(cell.submission?.files.length).toBe(1);
    const graded = await annie.assessor.submissions.grade({
      submissionIds: [people.pending.Xena ?? '', noras],
      status: 'satisfactory',
    });
    expect(graded.count).toBe(2);
    await env.db
      .update(submissions)
      .set({ status: 'submitted', gradedBy: null, gradedAt: null })
      .where(eq(submissions.studentId, people.xena.id));
    await env.db.update(submissions).set({ status: 'submitted' }).where(eq(submissions.id, noras));
  });

  it('an admin viewing the app as an assessor sees what that assessor sees', async () => {
    const viewer = await env.signedIn('rto_admin');
    await setActingAs(env.db, { sessionId: viewer.sessionId ?? '', actingAsUserId: people.bert.user.id });
    const asBert = await viewer.caller();
    expect(firstNames(await asBert.staff.submissions.list())).toEqual(['Ada', 'Lena', 'Nora', 'Yuri']);
  });
});

describe('an admin opens grading and the matrix as themselves, read-only', () => {
  it('sees every student and every class, and is refused grading with the reason', async () => {
    const admin = await people.admin.caller();
    expect(firstNames(await admin.staff.submissions.list())).toEqual(['Ada', 'Lena', 'Nora', 'Xena', 'Yuri']);
    expect(matrixNames(await admin.staff.evidenceMatrix.get({ unitId }))).toHaveLength(5);
    expect((await admin.staff.classFilter.get()).classes.map((c) => c.name)).toEqual(['Class X', 'Class Y']);
    await expect(
      admin.assessor.submissions.grade({
        submissionIds: [people.pending.Nora ?? ''],
        status: 'satisfactory',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: adminReadOnlyGradingMessage });
    const overRest = await app.inject({
      method: 'POST',
      url: '/api/assessor/grade',
      headers: {
        cookie: `${env.services.sessions.cookieName}=${people.admin.sessionId}`,
        'content-type': 'application/json',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
      payload: JSON.stringify({ submissionIds: [people.pending.Nora], status: 'satisfactory' }),
    });
    expect([overRest.statusCode, overRest.body]).toEqual([403, adminReadOnlyGradingMessage]);
  });
});

describe('the class filter', () => {
  it('?classId= narrows the grading queue and the matrix over REST, and the matrix to the class units', async () => {
    const queue = await get(people.annie, `/api/assessor/submissions?classId=${people.classX.id}`);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(firstNames(queue.json())).toEqual(['Xena']);
    const matrix = await get(people.annie, `/api/reports/evidence-matrix?classId=${people.classX.id}`);
    expect(matrix.statusCode, matrix.body).toBe(200);
    expect(matrixNames(matrix.json())).toEqual(['Xena']);
    // Class X takes SCOPE101 only: the matrix offers that unit and opens on it.
    expect(matrix.json().units.map((u: { unitCode: string }) => u.unitCode)).toEqual(['SCOPE101']);
    expect(matrix.json().unit.id).toBe(unitId);
    const oneUnit = await get(
      people.annie,
      `/api/reports/evidence-matrix?classId=${people.classX.id}&unitId=${otherUnitId}`,
    );
    expect(matrixNames(oneUnit.json())).toEqual(['Xena']);
    expect(oneUnit.json().unit.unitCode).toBe('SCOPE202');

    const admin = await people.admin.caller();
    expect(firstNames(await admin.staff.submissions.list({ classId: people.classY.id }))).toEqual(['Yuri']);
    const reminders = await admin.staff.outstanding.list({ unitId, classId: people.classY.id });
    expect(reminders.incomplete).toBe(1);
  });

  it("another assessor's class, an archived class or no class at all is not found; a bad id is refused", async () => {
    for (const classId of [people.classY.id, people.archived.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(people.annie, `/api/assessor/submissions?classId=${classId}`);
      expect([response.statusCode, response.body]).toEqual([404, 'Class not found']);
    }
    const matrix = await get(people.annie, `/api/reports/evidence-matrix?classId=${people.classY.id}`);
    expect([matrix.statusCode, matrix.body]).toEqual([404, 'Class not found']);
    const bad = await get(people.annie, '/api/assessor/submissions?classId=nope');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.body).toContain('classId must be a class id');
  });

  it('is remembered per person, offers only their classes, and forgets a class they lost', async () => {
    const annie = await people.annie.caller();
    const bert = await people.bert.caller();
    expect(await annie.staff.classFilter.get()).toEqual({
      classes: [{ id: people.classX.id, name: 'Class X' }],
      classId: null,
    });
    await annie.staff.classFilter.set({ classId: people.classX.id });
    expect((await (await people.annie.caller()).staff.classFilter.get()).classId).toBe(people.classX.id);
    expect((await bert.staff.classFilter.get()).classId).toBeNull();
    await expect(annie.staff.classFilter.set({ classId: people.classY.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Class not found',
    });
    expect((await annie.staff.classFilter.get()).classId).toBe(people.classX.id);

    // Archiving the class drops it from the filter: she is back to all her students.
    await env.db.update(classes).set({ archivedAt: new Date() }).where(eq(classes.id, people.classX.id));
    try {
      expect(await annie.staff.classFilter.get()).toEqual({ classes: [], classId: null });
      // Xena is now in no class that counts, so every assessor sees her.
      expect(firstNames(await bert.staff.submissions.list())).toContain('Xena');
    } finally {
      await env.db.update(classes).set({ archivedAt: null }).where(eq(classes.id, people.classX.id));
    }
    await annie.staff.classFilter.set({ classId: null });
    expect((await annie.staff.classFilter.get()).classId).toBeNull();
  });

  it('the OpenAPI document names classId on both paths', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/assessor/submissions', '/api/reports/evidence-matrix']) {
      const names = doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
      expect(names).toContain('classId');
    }
  });
});
