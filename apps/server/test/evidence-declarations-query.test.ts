import { recordDeclaration } from '@evident/db/queries/declarations';
import {
  attachDeclaration,
  hasUndeclaredEvidence,
  listUndeclaredFiles,
} from '@evident/db/queries/evidence-declarations';
import {
  buildEvidenceFile,
  buildSubmission,
  buildTask,
  buildUnit,
  buildUser,
} from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './harness';

describe('evidence declarations (queries)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("tell whether any of a student's evidence in a unit is undeclared, ignoring withdrawn files and other units", async () => {
    const { db } = database;
    const student = await buildUser(db);
    const other = await buildUser(db);
    const unit = await buildUnit(db);
    const otherUnit = await buildUnit(db);
    const task = await buildTask(db, { unitId: unit.id });
    const otherTask = await buildTask(db, { unitId: otherUnit.id });
    const submission = await buildSubmission(db, { studentId: student.id, taskId: task.id });
    expect(await hasUndeclaredEvidence(db, { studentId: student.id, unitId: unit.id })).toBe(false);

    // Another student's and another unit's undeclared files do not count; a withdrawn one neither.
    const theirs = await buildSubmission(db, { studentId: other.id, taskId: task.id });
    await buildEvidenceFile(db, { submissionId: theirs.id });
    const elsewhere = await buildSubmission(db, { studentId: student.id, taskId: otherTask.id });
    await buildEvidenceFile(db, { submissionId: elsewhere.id });
    await buildEvidenceFile(db, { submissionId: submission.id, withdrawnAt: new Date() });
    expect(await hasUndeclaredEvidence(db, { studentId: student.id, unitId: unit.id })).toBe(false);

    const file = await buildEvidenceFile(db, { submissionId: submission.id });
    expect(await hasUndeclaredEvidence(db, { studentId: student.id, unitId: unit.id })).toBe(true);
    expect(
      (await listUndeclaredFiles(db, { studentId: student.id, taskId: task.id })).map((f) => f.id),
    ).toEqual([file.id]);

    const declarationId = await recordDeclaration(db, {
      kind: 'student',
      version: 1,
      userId: student.id,
      actingAdminId: null,
    });
    expect(await attachDeclaration(db, { fileIds: [file.id], declarationId })).toEqual([file.id]);
    expect(await hasUndeclaredEvidence(db, { studentId: student.id, unitId: unit.id })).toBe(false);
    // A declared file keeps the declaration it has: a second one never replaces it.
    const again = await recordDeclaration(db, {
      kind: 'student',
      version: 1,
      userId: student.id,
      actingAdminId: null,
    });
    expect(await attachDeclaration(db, { fileIds: [file.id], declarationId: again })).toEqual([]);
  });
});
