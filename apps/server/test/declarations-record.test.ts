import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDateTime } from '@evident/core/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, recordPdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { cookieOf } from './people-fixtures';

// Issue 29 §3: the assessment record (and its PDF) says which files the student declared their own
// work, with the version and time, which are 'Not declared', and which decisions carry the assessor's
// declaration.

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

const send = (caller: Caller, taskId: string, fileName: string, declarationVersion?: number) =>
  recordPdf(env, caller, taskId, fileName, declarationVersion);

describe('declarations in the assessment record', () => {
  it('lists each file and decision as declared (version, time) or Not declared, in the record and its PDF', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    const declared = await send(caller, task.id, 'declared-log.pdf', 1);
    await send(caller, task.id, 'script-upload.pdf');
    const plain = await send(caller, otherTask.id, 'other-task.pdf', 1);
    const marker = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    const assessor = await marker.caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [declared.submission.id],
      status: 'satisfactory',
      declarationVersion: 1,
    });
    await assessor.assessor.submissions.grade({
      submissionIds: [plain.submission.id],
      status: 'satisfactory',
    });

    const ids = { studentId: student.user.id, unitId: task.unitId };
    const record = await assessor.staff.records.get(ids);
    const first = record.tasks.find((t) => t.title === task.title);
    const second = record.tasks.find((t) => t.title === otherTask.title);
    expect(first?.files.map((f) => [f.fileName, f.declaration?.version ?? null])).toEqual([
      ['declared-log.pdf', 1],
      ['script-upload.pdf', null],
    ]);
    const declaredAt = first?.files[0]?.declaration?.declaredAt ?? '';
    expect(first?.decisions.map((d) => d.declaration?.version ?? null)).toEqual([1]);
    expect(second?.decisions.map((d) => d.declaration)).toEqual([null]);

    const response = await app.inject({
      method: 'GET',
      url: `/api/assessor/reports/${ids.studentId}/${ids.unitId}.pdf`,
      headers: { cookie: cookieOf(marker.sessionId) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const path = join(env.dataDir, 'declarations.pdf');
    writeFileSync(path, response.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toMatch(
      new RegExp(
        `declared-log\\.pdf SHA-256: [0-9a-f ]+ Declared own work \\(version 1, ${formatDateTime(declaredAt, record.timeZone)}\\)`,
      ),
    );
    expect(text).toMatch(/script-upload\.pdf SHA-256: [0-9a-f ]+ Not declared/);
    expect(text).toContain('Priya Nair Declared (version 1)');
    expect(text).toContain('Priya Nair Not declared');
  });
});
