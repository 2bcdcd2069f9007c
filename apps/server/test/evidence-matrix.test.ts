import { setActingAs } from '@evident/db/queries/sessions';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { enrolledStudent, seedMatrixUnits } from './matrix-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let fx: Awaited<ReturnType<typeof seedMatrixUnits>>;

beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  fx = await seedMatrixUnits(env);
});
afterAll(async () => {
  await app.close();
  await env.close();
});

async function assessor() {
  return (await env.signedIn('assessor')).caller();
}

describe('the evidence matrix', () => {
  it('an assessor sees the enrolled students, the tasks in order, and a cell per submission with its live file count', async () => {
    const matrix = await (await assessor()).staff.evidenceMatrix.get({ unitId: fx.one.unit.id });
    expect(matrix.unit?.unitCode).toBe('MTX1');
    expect(matrix.students.map((s) => `${s.firstName} ${s.lastName}`)).toEqual([
      'Ada Archer',
      'Ben Brown',
      'Cy Clark "C\\" Zoë',
    ]);
    expect(matrix.students[0]).toEqual({
      id: fx.ada.id,
      firstName: 'Ada',
      lastName: 'Archer',
      email: fx.ada.email,
      profileImageUrl: null,
      deactivated: false,
    });
    expect(matrix.tasks).toEqual(fx.one.tasks.map((task) => ({ id: task.id, title: task.title })));
    expect(matrix.submissions).toEqual({
      [`${fx.ada.id}-${fx.t1.id}`]: { status: 'satisfactory', fileCount: 1 },
      [`${fx.ada.id}-${fx.t2.id}`]: { status: 'satisfactory', fileCount: 1 },
      [`${fx.ada.id}-${fx.t3.id}`]: { status: 'satisfactory', fileCount: 1 },
      [`${fx.ben.id}-${fx.t1.id}`]: { status: 'satisfactory', fileCount: 2 },
      // Three files, one withdrawn.
      [`${fx.ben.id}-${fx.t2.id}`]: { status: 'not_yet_satisfactory', fileCount: 2 },
    });
  });

  it('without a unit chosen, shows the unit whose evidence arrived last, and lists every unit to choose from', async () => {
    const matrix = await (await assessor()).staff.evidenceMatrix.get();
    expect(matrix.unit?.unitCode).toBe('MTX2');
    expect(matrix.units.map((unit) => [unit.unitCode, unit.studentCount])).toEqual([
      ['MTX1', 3],
      ['MTX2', 2],
      ['MTX3', 0],
    ]);
    // A submission whose only file was withdrawn still shows, with no files.
    expect(matrix.submissions[fx.latest.key]).toEqual({ status: 'submitted', fileCount: 0 });
    expect(matrix.students.map((s) => s.firstName)).toEqual(['Ben', 'Gus']);
  });

  it('a unit with no students or tasks answers empty lists, and an unknown unit is a 404', async () => {
    const caller = await assessor();
    const empty = await caller.staff.evidenceMatrix.get({ unitId: fx.three.unit.id });
    expect(empty).toMatchObject({ students: [], tasks: [], submissions: {}, outcomes: {} });
    await expect(
      caller.staff.evidenceMatrix.get({ unitId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Unit not found' });
  });

  it('an admin may read it; a student, an admin viewing as a student and a signed-out caller may not', async () => {
    const admin = await env.signedIn('rto_admin');
    const asAdmin = await (await admin.caller()).staff.evidenceMatrix.get({ unitId: fx.one.unit.id });
    expect(asAdmin.students).toHaveLength(3);

    const student = await env.signedIn('student');
    await expect((await student.caller()).staff.evidenceMatrix.get()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await setActingAs(env.db, { sessionId: admin.sessionId ?? '', actingAsUserId: fx.cy.id });
    await expect((await admin.caller()).staff.evidenceMatrix.get()).rejects.toBeInstanceOf(TRPCError);
    await expect((await env.browser().caller()).staff.evidenceMatrix.get()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('GET /api/reports/evidence-matrix answers the spec shape and takes the unit from the query string', async () => {
    const person = await env.signedIn('assessor');
    const cookie = `${env.services.sessions.cookieName}=${person.sessionId}`;
    const res = await app.inject({
      method: 'GET',
      url: `/api/reports/evidence-matrix?unitId=${fx.one.unit.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['students', 'tasks', 'submissions']));
    // The REST path sends the database's JSON text as it is: the same answer as the procedure's.
    expect(body).toEqual(await (await person.caller()).staff.evidenceMatrix.get({ unitId: fx.one.unit.id }));
    expect(body.submissions[`${fx.ben.id}-${fx.t2.id}`]).toEqual({
      status: 'not_yet_satisfactory',
      fileCount: 2,
    });
    const bad = await app.inject({
      method: 'GET',
      url: '/api/reports/evidence-matrix?unitId=nope',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('unitId must be a unit id');

    const student = await env.signedIn('student');
    const refused = await app.inject({
      method: 'GET',
      url: '/api/reports/evidence-matrix',
      headers: { cookie: `${env.services.sessions.cookieName}=${student.sessionId}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('opening a matrix cell', () => {
  it("an assessor sees a submission's files that were not withdrawn, with links", async () => {
    const view = await (await assessor()).staff.submissions.get({ studentId: fx.ben.id, taskId: fx.t2.id });
    expect(view.student.firstName).toBe('Ben');
    expect(view.task.title).toBe('MTX1 task 2');
    expect(view.submission?.status).toBe('not_yet_satisfactory');
    expect(view.submission?.files.map((file) => file.fileName)).toEqual(['photo-2.jpg', 'photo-3.jpg']);
    expect(view.submission?.files[0]?.url).toMatch(/^http:\/\/evident\.test\/files\//);
  });

  it('a pending cell has no submission; a student may not open cells', async () => {
    const view = await (await assessor()).staff.submissions.get({ studentId: fx.cy.id, taskId: fx.t1.id });
    expect(view.submission).toBeNull();
    const student = await env.signedIn('student');
    await expect(
      (await student.caller()).staff.submissions.get({ studentId: fx.ben.id, taskId: fx.t2.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('exporting the matrix as CSV', () => {
  async function csv(query: string) {
    const person = await env.signedIn('assessor');
    return app.inject({
      method: 'GET',
      url: `/api/reports/evidence-matrix.csv?${query}`,
      headers: { cookie: `${env.services.sessions.cookieName}=${person.sessionId}` },
    });
  }

  it('an assessor downloads the whole unit as UTF-8 CSV with a BOM for Excel', async () => {
    const res = await csv(`unitId=${fx.one.unit.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="evidence-matrix-MTX1.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'First Name,Last Name,Email,Task 1: MTX1 task 1,Task 2: MTX1 task 2,Task 3: MTX1 task 3,Progress (%),Satisfied,Tasks,Unit',
      `Ada,Archer,${fx.ada.email},Satisfactory - 1 file,Satisfactory - 1 file,Satisfactory - 1 file,100,3,3,`,
      `Ben,Brown,${fx.ben.email},Satisfactory - 2 files,NYS - 2 files,Pending - 0 files,33,1,3,`,
      `Cy,"Clark ""C\\"" Zoë",${fx.cy.email},Pending - 0 files,Pending - 0 files,Pending - 0 files,0,0,3,`,
      '',
    ]);
  });

  it('applies the filter, and defuses text that Excel would run as a formula', async () => {
    const sly = await enrolledStudent(env, [fx.one.unit.id], {
      firstName: '=HYPERLINK("x")',
      lastName: 'Zed',
    });
    try {
      const incomplete = (await csv(`unitId=${fx.one.unit.id}&filter=incomplete`)).body.split('\r\n');
      expect(incomplete.map((line) => line.split(',')[1])).toEqual([
        'Last Name',
        'Brown',
        '"Clark ""C\\"" Zoë"',
        'Zed',
        undefined,
      ]);
      expect(incomplete[3]).toMatch(/^"'=HYPERLINK\(""x""\)",Zed,/);
      const complete = await csv(`unitId=${fx.one.unit.id}&filter=complete`);
      expect(complete.headers['content-disposition']).toContain('evidence-matrix-MTX1-complete.csv');
      expect(
        complete.body
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.split(',')[0]),
      ).toEqual(['Ada']);
    } finally {
      await env.db.execute(sql`delete from users where id = ${sly.id}`);
    }
    const bad = await csv('filter=everyone');
    expect(bad.statusCode).toBe(400);
  });
});
