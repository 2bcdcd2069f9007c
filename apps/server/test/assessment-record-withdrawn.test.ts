import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDateTime } from '@evident/core/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from './evidence-fixtures';
import { studentWithSubmissions, submitEvidence } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { cookieOf } from './people-fixtures';

/**
 * Issue 28: the withdraw dialog promises 'It stays in the record', and the record forgot the file. It
 * now lists it, marked withdrawn, with when and by whom, in `staff.records.get` and in the PDF.
 */
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

describe('the assessment record keeps withdrawn files', () => {
  it('a file the student withdrew, and one an admin viewing as them withdrew, are listed with when and by whom', async () => {
    const setUp = await studentWithSubmissions(env, app, {
      count: 1,
      firstName: 'Wren',
      lastName: 'Student',
    });
    const [only] = setUp.submitted;
    if (!only) throw new Error('a submission expected');
    const photo = await jpeg(120, 90);
    const add = (fileName: string) =>
      submitEvidence(app, setUp.caller, only.task.id, { fileName, fileType: 'image/jpeg', body: photo });
    const wrong = await add('wrong-site.jpg');
    const blurry = await add('blurry.jpg');
    const withdrawn = await setUp.caller.student.evidence.withdraw({ fileId: wrong.file.id });

    const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    const asAdmin = await admin.caller();
    await asAdmin.admin.impersonation.start({ userId: setUp.student.user.id });
    const byAdmin = await (await admin.caller()).student.evidence.withdraw({ fileId: blurry.file.id });
    await (await admin.caller()).admin.impersonation.stop();

    const marker = await env.signedIn('assessor');
    const ids = { studentId: setUp.student.user.id, unitId: only.task.unitId };
    const record = await (await marker.caller()).staff.records.get(ids);
    const files = record.tasks[0]?.files ?? [];
    expect(files.map((file) => [file.fileName, file.withdrawal])).toEqual([
      [expect.stringMatching(/\.jpg$/), null],
      ['wrong-site.jpg', { at: withdrawn.withdrawnAt, byName: 'Wren Student', byAdmin: false }],
      ['blurry.jpg', { at: byAdmin.withdrawnAt, byName: 'Ada Admin', byAdmin: true }],
    ]);
    // Withdrawn files are no part of what a decision judges: the submission's own count is unchanged.
    expect(files.filter((file) => !file.withdrawal)).toHaveLength(1);

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/assessor/reports/${ids.studentId}/${ids.unitId}.pdf`,
      headers: { cookie: cookieOf(marker.sessionId) },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const path = join(env.dataDir, 'withdrawn.pdf');
    writeFileSync(path, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const at = (iso: string) => formatDateTime(iso, record.timeZone);
    expect(text).toContain(`wrong-site.jpg Withdrawn ${at(withdrawn.withdrawnAt)} by Wren Student`);
    expect(text).toContain(`blurry.jpg Withdrawn ${at(byAdmin.withdrawnAt)} by admin Ada Admin`);
  });
});
