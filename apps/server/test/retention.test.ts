import { auditEvents, declarations, disposals, thirdPartyRequests, unitOutcomes } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { restAs } from './rest-fixtures';
import { completedStudent, recordCounts, supervisorReport } from './retention-fixtures';

// Issue 30 §4: records kept for their period after the unit outcome, listed once past it, disposed of
// by an admin (rows, stored files, a tombstone and an audit row), never under a legal hold; unit
// outcomes stay. Runs on PostgreSQL too with TEST_DATABASE_URL.

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

describe('records past their period', () => {
  it('lists a student two years after the outcome, not one completed since; the period is the admin’s', async () => {
    const assessor = await env.signedIn('assessor');
    const old = await completedStudent(env, assessor, 25);
    const recent = await completedStudent(env, assessor, 11);
    const admin = await env.signedIn('rto_admin');
    const rest = restAs(env, app, admin);

    const listed = await rest.get('/api/admin/retention');
    expect(listed.statusCode, listed.body).toBe(200);
    const overview = listed.json();
    expect(overview.period).toMatchObject({
      months: 24,
      label: '2 years',
      isDefault: true,
      outcomeYears: 30,
    });
    const mine = overview.due.filter((row: { unitId: string }) =>
      [old.unit.id, recent.unit.id].includes(row.unitId),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        studentId: old.student.id,
        unitCode: old.unit.unitCode,
        outcome: 'competent',
        files: 2,
        submissions: 2,
        holdIds: [],
      }),
    ]);
    const [row] = mine;
    const months =
      (new Date(row.dueSince).getUTCFullYear() - new Date(row.completedAt).getUTCFullYear()) * 12 +
      new Date(row.dueSince).getUTCMonth() -
      new Date(row.completedAt).getUTCMonth();
    expect(months).toBe(24);

    // Ten months: the recent one is due too, and the change is audited.
    const caller = await admin.caller();
    expect((await caller.admin.retention.setPeriod({ months: 10 })).label).toBe('10 months');
    const units = (await caller.admin.retention.get()).due.map((r) => r.unitId);
    expect(units).toEqual(expect.arrayContaining([old.unit.id, recent.unit.id]));
    const [audit] = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'settings.retention'));
    expect(audit).toMatchObject({ actorId: admin.user.id, detail: { fromMonths: 24, toMonths: 10 } });
    await caller.admin.retention.setPeriod({ months: 24 });

    const tooShort = await app.inject({
      method: 'PUT',
      url: '/api/admin/retention/period',
      headers: {
        cookie: `${env.services.sessions.cookieName}=${admin.sessionId}`,
        'content-type': 'application/json',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
      payload: JSON.stringify({ months: 3 }),
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('months must be at least 6');
    expect((await rest.get('/api/admin/retention/period')).json().months).toBe(24);

    const student = await env.signedIn('student');
    expect((await restAs(env, app, student).get('/api/admin/retention')).statusCode).toBe(403);
  });
});

describe('disposal', () => {
  it('refuses under a legal hold and writes nothing; once lifted, removes rows and files, leaves a tombstone and the outcome', async () => {
    const assessor = await env.signedIn('assessor');
    const done = await completedStudent(env, assessor, 30);
    const admin = await env.signedIn('rto_admin', { firstName: 'Rhea', lastName: 'Admin' });
    const rest = restAs(env, app, admin);
    const target = { studentId: done.student.id, unitId: done.unit.id };
    const before = await recordCounts(env, done.student.id, done.submissionIds);
    expect(before).toMatchObject({ submissions: 2, files: 2, decisions: 1, observations: 1, outcomes: 1 });

    // A hold on the unit stops it: 409 with the reason, and nothing is touched.
    const placed = await rest.post('/api/admin/legal-holds', {
      unitId: done.unit.id,
      reason: 'Complaint 2031-7',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const hold = placed.json();
    expect(hold).toMatchObject({
      unitCode: done.unit.unitCode,
      reason: 'Complaint 2031-7',
      releasedAt: null,
    });
    const due = (await rest.get('/api/admin/retention'))
      .json()
      .due.find((row: { studentId: string }) => row.studentId === done.student.id);
    expect(due.holdIds).toEqual([hold.id]);
    const refused = await rest.post('/api/admin/retention/dispose', target);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('legal hold (Complaint 2031-7)');
    expect(await recordCounts(env, done.student.id, done.submissionIds)).toEqual(before);
    for (const file of done.files) expect(await env.services.storage.stat(file.objectPath)).not.toBeNull();

    // A hold on the student alone stops it too; lifting both (with reasons) lets it go.
    const onStudent = (
      await rest.post('/api/admin/legal-holds', { studentId: done.student.id, reason: 'Appeal' })
    ).json();
    const lifted = await rest.post(`/api/admin/legal-holds/${hold.id}/release`, {
      reason: 'Complaint closed',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ releaseReason: 'Complaint closed', releasedByName: 'Rhea Admin' });
    expect(
      (await rest.post(`/api/admin/legal-holds/${hold.id}/release`, { reason: 'again' })).statusCode,
    ).toBe(409);
    expect((await rest.post('/api/admin/retention/dispose', target)).statusCode).toBe(409);
    await rest.post(`/api/admin/legal-holds/${onStudent.id}/release`, { reason: 'Appeal decided' });

    const disposed = await rest.post('/api/admin/retention/dispose', target);
    expect(disposed.statusCode, disposed.body).toBe(200);
    expect(disposed.json()).toMatchObject({
      studentName: `${done.student.firstName} ${done.student.lastName}`,
      unitCode: done.unit.unitCode,
      disposedByName: 'Rhea Admin',
      counts: {
        files: 2,
        submissions: 2,
        decisions: 1,
        observations: 1,
        declarations: 3,
        thirdPartyReports: 0,
      },
      filesPending: 0,
    });
    const after = await recordCounts(env, done.student.id, done.submissionIds);
    expect(after).toEqual({
      submissions: 0,
      files: 0,
      decisions: 0,
      observations: 0,
      studentDeclarations: 0,
      outcomes: 1,
      tombstones: 1,
      disposalAudits: 1,
    });
    for (const file of done.files) expect(await env.services.storage.stat(file.objectPath)).toBeNull();
    // The unit outcome (a certification record, 30 years) stays, with the declaration it rests on.
    const [outcome] = await env.db.select().from(unitOutcomes).where(eq(unitOutcomes.id, done.outcomeId));
    expect(outcome?.outcome).toBe('competent');
    const [kept] = await env.db
      .select()
      .from(declarations)
      .where(eq(declarations.id, outcome?.declarationId ?? ''));
    expect(kept).toBeDefined();
    const [audit] = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'records.disposed'), eq(auditEvents.subjectId, done.student.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, detail: { unitCode: done.unit.unitCode } });
    const holdAudits = await env.db.select().from(auditEvents).where(eq(auditEvents.actorId, admin.user.id));
    expect(holdAudits.map((a) => a.action).sort()).toEqual([
      'legal-hold.placed',
      'legal-hold.placed',
      'legal-hold.released',
      'legal-hold.released',
      'records.disposed',
      'sign-in.success',
    ]);

    // Gone from the list; a second disposal finds nothing.
    const overview = (await rest.get('/api/admin/retention')).json();
    expect(overview.due.some((row: { studentId: string }) => row.studentId === done.student.id)).toBe(false);
    expect(overview.disposals[0]).toMatchObject({ studentId: done.student.id, counts: { files: 2 } });
    const again = await rest.post('/api/admin/retention/dispose', target);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Nothing to dispose of');
  });

  it('refuses records not yet past their period, a hold on nothing, and an unknown hold', async () => {
    const assessor = await env.signedIn('assessor');
    const recent = await completedStudent(env, assessor, 6);
    const rest = restAs(env, app, await env.signedIn('rto_admin'));
    const before = await recordCounts(env, recent.student.id, recent.submissionIds);
    const early = await rest.post('/api/admin/retention/dispose', {
      studentId: recent.student.id,
      unitId: recent.unit.id,
    });
    expect(early.statusCode).toBe(409);
    expect(await recordCounts(env, recent.student.id, recent.submissionIds)).toEqual(before);
    const empty = await rest.post('/api/admin/legal-holds', { reason: 'Nothing named' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('A legal hold needs a studentId, a unitId or both');
    const blank = await rest.post('/api/admin/legal-holds', { studentId: recent.student.id, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    const unknown = await rest.post('/api/admin/legal-holds/00000000-0000-4000-8000-000000000000/release', {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('disposal, what else it takes and what a storage failure leaves', () => {
  it('takes supervisor reports asked only about the unit; a file storage would not remove is kept on the list and removed next time', async () => {
    const assessor = await env.signedIn('assessor');
    const done = await completedStudent(env, assessor, 26);
    const other = await completedStudent(env, assessor, 26);
    const report = await supervisorReport(env, done.student.id, [done.tasks[0]?.id as string]);
    const admin = await (await env.signedIn('rto_admin')).caller();
    expect((await admin.admin.settings.get()).isServerDefault).toBe(true);

    // The store refuses to delete for now: the rows still go (one transaction), the files stay listed.
    const storage = env.services.storage;
    const realDelete = storage.delete;
    storage.delete = async () => {
      throw new Error('bucket unavailable');
    };
    let first: Awaited<ReturnType<typeof admin.admin.retention.removeRecords>>;
    try {
      first = await admin.admin.retention.removeRecords({ studentId: done.student.id, unitId: done.unit.id });
    } finally {
      storage.delete = realDelete;
    }
    expect(first.counts.thirdPartyReports).toBe(1);
    expect(first.filesPending).toBe(2);
    expect(
      await env.db.select().from(thirdPartyRequests).where(eq(thirdPartyRequests.id, report.requestId)),
    ).toEqual([]);
    for (const file of done.files) expect(await storage.stat(file.objectPath)).not.toBeNull();

    // The next disposal removes its own files and finishes the earlier list.
    const second = await admin.admin.retention.removeRecords({
      studentId: other.student.id,
      unitId: other.unit.id,
    });
    expect(second.filesPending).toBe(0);
    for (const file of [...done.files, ...other.files])
      expect(await storage.stat(file.objectPath)).toBeNull();
    const [tombstone] = await env.db.select().from(disposals).where(eq(disposals.id, first.id));
    expect(tombstone?.filesPending).toEqual([]);
  });
});
