import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditEvents, evidenceFiles } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { recordPdf } from './live-fixtures';

// Issue 15, finding 7: evidence an admin records while viewing the app as a student names the admin,
// on the file, in the audit log, and wherever assessors read the record.

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

async function fileRow(fileId: string) {
  const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, fileId));
  return row;
}

async function auditOf(fileId: string) {
  return env.db.select().from(auditEvents).where(eq(auditEvents.subjectId, fileId));
}

describe('who recorded a piece of evidence', () => {
  it('a student recording their own evidence is its recorder, and nothing names an admin', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const recorded = await recordPdf(env, caller, task.id);
    expect((await fileRow(recorded.file.id))?.recordedBy).toBe(student.user.id);
    expect(await auditOf(recorded.file.id)).toEqual([
      expect.objectContaining({ action: 'evidence.recorded', actorId: student.user.id, actingAsId: null }),
    ]);
    const assessor = await (await env.signedIn('assessor')).caller();
    const card = (await assessor.staff.submissions.list()).find((s) => s.id === recorded.submission.id);
    expect(card?.files[0]?.recordedByAdminName).toBeNull();
  });

  it('an admin viewing as a student is named on the file, in the audit log, on the grading card and in the PDF record', async () => {
    const { student, task } = await studentWithUnit(env);
    const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    const recorded = await recordPdf(env, await admin.caller(), task.id);

    expect((await fileRow(recorded.file.id))?.recordedBy).toBe(admin.user.id);
    expect(await auditOf(recorded.file.id)).toEqual([
      expect.objectContaining({
        action: 'evidence.recorded',
        actorId: admin.user.id,
        actingAsId: student.user.id,
      }),
    ]);

    const marker = await env.signedIn('assessor');
    const assessor = await marker.caller();
    const card = (await assessor.staff.submissions.list()).find((s) => s.id === recorded.submission.id);
    expect(card?.files[0]?.recordedByAdminName).toBe('Ada Admin');
    const cell = await assessor.staff.submissions.get({ studentId: student.user.id, taskId: task.id });
    expect(cell.submission?.files.map((f) => f.recordedByAdminName)).toEqual(['Ada Admin']);
    const record = await assessor.staff.records.get({
      studentId: student.user.id,
      unitId: task.unitId,
    });
    const files = record.tasks.flatMap((t) => t.files);
    expect(files).toEqual([
      expect.objectContaining({ fileName: 'Checklist.pdf', recordedByAdminName: 'Ada Admin' }),
    ]);

    const app = await env.app();
    try {
      const response = await app.inject({
        method: 'GET',
        url: `/api/assessor/reports/${student.user.id}/${task.unitId}.pdf`,
        headers: { cookie: `${env.services.sessions.cookieName}=${marker.sessionId}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const path = join(env.dataDir, 'recorded-by.pdf');
      writeFileSync(path, response.rawPayload);
      const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('recorded by admin Ada Admin');
    } finally {
      await app.close();
    }
  });
});
