import { auditEvents, enrolments, units } from '@evident/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { recordPdf } from './live-fixtures';

// Issue 15, finding 6: evidence and decisions are an RTO's records. A unit or task with them is
// archived, never deleted, even when a student records evidence at the moment an admin deletes.

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

async function auditOf(subjectId: string) {
  const rows = await env.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, subjectId))
    .orderBy(asc(auditEvents.createdAt));
  return rows.map((row) => row.action);
}

describe('a unit or task with evidence', () => {
  it('cannot be deleted: 409 offering Archive, through tRPC and REST, and nothing is lost', async () => {
    const admin = await env.signedIn('rto_admin');
    const adminCaller = await admin.caller();
    const { caller, task } = await studentWithUnit(env, 'RIIWHS204E');
    await recordPdf(env, caller, task.id);

    await expect(adminCaller.admin.units.delete({ id: task.unitId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        "Unit RIIWHS204E cannot be deleted: students have submitted evidence against 1 of its tasks. Archive it instead: it leaves set-up and students' lists, and every record stays.",
    });
    await expect(adminCaller.admin.tasks.delete({ taskId: task.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Archive it instead'),
    });
    const app = await env.app();
    try {
      const cookie = `${env.services.sessions.cookieName}=${admin.sessionId}`;
      const headers = { cookie, origin: 'http://localhost:80', host: 'localhost:80' };
      const unitDelete = await app.inject({
        method: 'DELETE',
        url: `/api/admin/units/${task.unitId}`,
        headers,
      });
      expect(unitDelete.statusCode).toBe(409);
      expect(unitDelete.body).toContain('Archive it instead');
      const taskDelete = await app.inject({ method: 'DELETE', url: `/api/admin/tasks/${task.id}`, headers });
      expect(taskDelete.statusCode).toBe(409);
    } finally {
      await app.close();
    }
    expect((await caller.student.tasks.list()).some((t) => t.id === task.id)).toBe(true);
  });

  it('a unit with no evidence deletes as the spec says, and the deletion is audited', async () => {
    const admin = await env.signedIn('rto_admin');
    const adminCaller = await admin.caller();
    const unit = await adminCaller.admin.units.create({ unitCode: 'GONE01', title: 'Nothing recorded' });
    await adminCaller.admin.tasks.create({
      unitId: unit.id,
      title: 'Unused',
      description: 'Never done',
      tooltip: 'None',
    });
    expect(await adminCaller.admin.units.delete({ id: unit.id })).toEqual({ ok: true });
    expect(await env.db.select().from(units).where(eq(units.id, unit.id))).toHaveLength(0);
    expect(await auditOf(unit.id)).toEqual(['unit.create', 'unit.delete']);
  });

  it('deleting a unit while students record evidence answers 409 or deletes, never 500, and keeps every record', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const outcomes = { deleted: 0, kept: 0 };
    for (let attempt = 0; attempt < 12; attempt++) {
      const unitCode = `RACE${String(attempt).padStart(2, '0')}`;
      const unit = await admin.admin.units.create({ unitCode, title: 'Raced' });
      const task = await admin.admin.tasks.create({
        unitId: unit.id,
        title: 'Raced task',
        description: 'Recorded while deleted',
        tooltip: 'None',
      });
      const { student, caller } = await studentWithUnit(env, 'RIIWHS204E');
      await env.db.insert(enrolments).values({ studentId: student.user.id, unitId: unit.id });
      // The upload is done beforehand, so recording and deleting meet in the database.
      const grant = await caller.student.evidence.requestUploadUrl({
        fileName: 'Checklist.pdf',
        fileType: 'application/pdf',
      });
      await env.services.storage.put(grant.objectPath, pdf(), 'application/pdf');
      const [recorded, deleted] = await Promise.allSettled([
        caller.student.evidence.record({
          taskId: task.id,
          fileName: 'Checklist.pdf',
          fileType: 'application/pdf',
          objectPath: grant.objectPath,
        }),
        admin.admin.units.delete({ id: unit.id }),
      ]);
      if (deleted.status === 'fulfilled') {
        outcomes.deleted += 1;
        // The student then recorded nothing: their request found the task gone.
        expect(recorded).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
      } else {
        outcomes.kept += 1;
        expect(deleted.reason).toMatchObject({
          code: 'CONFLICT',
          message: expect.stringContaining('Archive'),
        });
        expect(recorded.status).toBe('fulfilled');
        expect(await env.db.select().from(units).where(eq(units.id, unit.id))).toHaveLength(1);
      }
    }
    expect(outcomes.deleted + outcomes.kept).toBe(12);
  });
});

describe('archiving', () => {
  it('hides a unit from set-up, students and the matrix choice, keeps its records for assessors, and restores', async () => {
    const admin = await env.signedIn('rto_admin');
    const adminCaller = await admin.caller();
    const assessor = await (await env.signedIn('assessor')).caller();
    const { student, caller, task } = await studentWithUnit(env, 'SITXFSA005');
    const recorded = await recordPdf(env, caller, task.id);
    const unitId = task.unitId;

    const archived = await adminCaller.admin.units.archive({ id: unitId });
    expect(archived.archivedAt).not.toBeNull();
    expect(archived.archivedBy).toBe(admin.user.id);
    // Twice is once.
    await adminCaller.admin.units.archive({ id: unitId });

    expect((await caller.student.tasks.list()).some((t) => t.unitId === unitId)).toBe(false);
    const newcomer = await (await env.signedIn('student')).caller();
    await expect(newcomer.student.units.setUp({ unitCode: 'SITXFSA005' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Unit SITXFSA005 has been archived and is closed to new students',
    });
    await expect(
      caller.student.evidence.record({
        taskId: task.id,
        fileName: 'x.pdf',
        fileType: 'application/pdf',
        objectPath: (
          await caller.student.evidence.requestUploadUrl({ fileName: 'x.pdf', fileType: 'application/pdf' })
        ).objectPath,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const matrix = await assessor.staff.evidenceMatrix.get();
    expect(matrix.units.some((u) => u.id === unitId)).toBe(false);
    // Asked for by id, its matrix, submissions and assessment record are all still there.
    const chosen = await assessor.staff.evidenceMatrix.get({ unitId });
    expect(chosen.unit?.id).toBe(unitId);
    expect(Object.keys(chosen.submissions).length).toBeGreaterThan(0);
    const queue = await assessor.staff.submissions.list();
    expect(JSON.stringify(queue)).toContain(recorded.submission.id);
    const record = await assessor.staff.records.get({ studentId: student.user.id, unitId });
    expect(record.tasks.some((t) => t.files.length === 1)).toBe(true);
    // The admin's list still has it, marked, to restore.
    const listed = (await adminCaller.admin.units.list()).find((u) => u.id === unitId);
    expect(listed?.archivedAt).not.toBeNull();

    const restored = await adminCaller.admin.units.unarchive({ id: unitId });
    expect(restored.archivedAt).toBeNull();
    expect((await caller.student.tasks.list()).some((t) => t.unitId === unitId)).toBe(true);
    expect((await assessor.staff.evidenceMatrix.get()).units.some((u) => u.id === unitId)).toBe(true);
    // After the set-up's own rows (the unit's creation and its tasks' generation), one of each.
    expect((await auditOf(unitId)).slice(2)).toEqual(['unit.archive', 'unit.unarchive']);
  });

  it('hides a task from its students and refuses new evidence on it, through REST too, until restored', async () => {
    const admin = await env.signedIn('rto_admin');
    const adminCaller = await admin.caller();
    const { caller, task, otherTask } = await studentWithUnit(env, 'HLTINF006');
    await recordPdf(env, caller, task.id);
    const app = await env.app();
    try {
      const headers = {
        cookie: `${env.services.sessions.cookieName}=${admin.sessionId}`,
        origin: 'http://localhost:80',
        host: 'localhost:80',
      };
      const archive = await app.inject({
        method: 'POST',
        url: `/api/admin/tasks/${task.id}/archive`,
        headers,
      });
      expect(archive.statusCode).toBe(200);
      expect(archive.json()).toMatchObject({ id: task.id, archivedBy: admin.user.id });
      const listed = await caller.student.tasks.list();
      expect(listed.some((t) => t.id === task.id)).toBe(false);
      expect(listed.some((t) => t.id === otherTask.id)).toBe(true);
      await expect(recordPdf(env, caller, task.id)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'This task has been archived and takes no more evidence',
      });
      const restore = await app.inject({
        method: 'POST',
        url: `/api/admin/tasks/${task.id}/unarchive`,
        headers,
      });
      expect(restore.statusCode).toBe(200);
      expect(restore.json()).toMatchObject({ archivedAt: null });
    } finally {
      await app.close();
    }
    expect((await caller.student.tasks.list()).some((t) => t.id === task.id)).toBe(true);
    const rows = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, task.id), eq(auditEvents.actorId, admin.user.id)))
      .orderBy(auditEvents.createdAt);
    expect(rows.map((row) => row.action)).toEqual(['task.archive', 'task.unarchive']);
    expect((await adminCaller.admin.tasks.list({ unitId: task.unitId })).tasks.length).toBeGreaterThan(1);
  });
});
