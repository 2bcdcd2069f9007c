import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatKilobytes } from '@evident/core/file-size';
import { formatDateTime, serverTimeZone } from '@evident/core/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

/**
 * Issue 18: a file captured offline and sent hours later carries the time the device captured it; the
 * assessment record shows that beside the time it was received, so it is not taken for late.
 */
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

/** As the record writes a moment: in the organisation's zone, the server's until an admin chooses one. */
const at = (iso: string) => formatDateTime(iso, serverTimeZone());

describe('the assessment record names when each file was captured and when it was received', () => {
  it('in the record and in the PDF', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const body = pdf(4);
    const file = { fileName: 'night-shift-log.pdf', fileType: 'application/pdf', fileSize: body.length };
    const grant = await caller.student.evidence.requestUploadUrl({ ...file, clientKey: 'record-capture-1' });
    const put = await app.inject({
      method: 'PUT',
      url: pathOf(grant.uploadUrl),
      headers: { 'content-type': file.fileType },
      payload: body,
    });
    expect(put.statusCode).toBe(200);
    // Captured on a basement site two days ago, sent today.
    const capturedAt = '2026-03-02T01:15:00.000Z';
    const recorded = await caller.student.evidence.record({
      taskId: task.id,
      ...file,
      objectPath: grant.objectPath,
      clientKey: 'record-capture-1',
      capturedAt,
    });

    const marker = await env.signedIn('assessor');
    const record = await (await marker.caller()).staff.records.get({
      studentId: student.user.id,
      unitId: task.unitId,
    });
    expect(record.tasks.flatMap((t) => t.files)).toEqual([
      expect.objectContaining({
        fileName: 'night-shift-log.pdf',
        capturedAt,
        uploadedAt: recorded.file.createdAt,
      }),
    ]);

    const response = await app.inject({
      method: 'GET',
      url: `/api/assessor/reports/${student.user.id}/${task.unitId}.pdf`,
      headers: { cookie: `${env.services.sessions.cookieName}=${marker.sessionId}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const path = join(env.dataDir, 'captured.pdf');
    writeFileSync(path, response.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('File Type Size Captured Received');
    // Under the name, the file's SHA-256 (issue 29 §6), in groups of 16, and that it was sent
    // without the student's declaration (issue 29 §3).
    const hash = createHash('sha256').update(body).digest('hex').match(/.{16}/g)?.join(' ');
    expect(text).toContain(
      `night-shift-log.pdf SHA-256: ${hash} Not declared application/pdf ${formatKilobytes(body.length)} ${at(capturedAt)} ${at(recorded.file.createdAt)}`,
    );
  });
});
