import { findTaskForStudent } from '@evident/db/queries/tasks';
import {
  buildEnrolment,
  buildEvidenceFile,
  buildSubmission,
  buildTask,
  buildUnit,
  buildUser,
} from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './harness';

describe('test factories', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('build an enrolled student with a submission in every status and a file each', async () => {
    const { db } = database;
    const student = await buildUser(db);
    const unit = await buildUnit(db);
    await buildEnrolment(db, { studentId: student.id, unitId: unit.id });
    for (const status of ['submitted', 'satisfactory', 'not_yet_satisfactory'] as const) {
      const task = await buildTask(db, { unitId: unit.id });
      expect(await findTaskForStudent(db, { studentId: student.id, taskId: task.id })).toMatchObject({
        enrolled: true,
      });
      const submission = await buildSubmission(db, { studentId: student.id, taskId: task.id, status });
      expect(submission.status).toBe(status);
      expect(submission.gradedAt === null).toBe(status === 'submitted');
      const file = await buildEvidenceFile(db, { submissionId: submission.id, isPrimary: true });
      expect(file).toMatchObject({ submissionId: submission.id, isPrimary: true, fileType: 'image/jpeg' });
    }
  });

  it('build assessors approved unless told otherwise, and people of every role', async () => {
    const { db } = database;
    expect((await buildUser(db, { role: 'assessor' })).approvedAt).toBeInstanceOf(Date);
    expect((await buildUser(db, { role: 'assessor', approved: false })).approvedAt).toBeNull();
    expect((await buildUser(db, { role: 'rto_admin', email: 'Admin.Case@Example.com' })).email).toBe(
      'admin.case@example.com',
    );
  });
});
