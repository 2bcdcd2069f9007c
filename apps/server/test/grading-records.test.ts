import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainEvent } from '@evident/core/events';
import { serverTimeZone, timeZoneLabel } from '@evident/core/time-zone';
import { awaitingApprovalMessage } from '@evident/core/user';
import { describe, expect, it } from 'vitest';
import { pdf } from './evidence-fixtures';
import { studentWithSubmissions, submitEvidence } from './grading-fixtures';
import { gradingServer } from './grading-server';
import type { TestEnv } from './harness';
import { restAs } from './rest-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
const events: DomainEvent[] = [];
gradingServer(events, (started) => {
  ({ env, app } = started);
});

const rest = (client: { sessionId: string | null }) => restAs(env, app, client);

describe('the assessment record PDF', () => {
  const pdfText = (bytes: Buffer) => {
    const path = join(env.dataDir, 'last-record.pdf');
    writeFileSync(path, bytes);
    return execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' });
  };

  it('an assessor downloads a student’s record: unit, tasks, files and every decision, names in their own letters', async () => {
    const { student, caller, submitted, tasks } = await studentWithSubmissions(env, app, {
      count: 2,
      firstName: 'Zoë',
      lastName: 'Đặng-Дмитриева',
    });
    const [first, second] = submitted as [(typeof submitted)[0], (typeof submitted)[0]];
    const marker = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    const assessor = await marker.caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [first.submissionId],
      status: 'not_yet_satisfactory',
      comment: 'Harness not visible',
      strategiesForReassessment: 'Photo of the lanyard clipped on',
    });
    await submitEvidence(app, caller, first.task.id, {
      fileName: 'Checklist.pdf',
      fileType: 'application/pdf',
      body: pdf(2000),
    });
    await assessor.assessor.submissions.grade({
      submissionIds: [first.submissionId],
      status: 'satisfactory',
      comment: 'All there now: 安全帯 확인 완료 王小明 (प्रिया, محمد علي)',
    });

    const response = await rest(marker).get(
      `/api/assessor/reports/${student.user.id}/${first.task.unitId}.pdf`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="assessment-record-RIIWHS204E-.*\.pdf"$/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Assessment record');
    expect(text).toContain('RIIWHS204E');
    expect(text).toContain('Zoë Đặng-Дмитриева');
    expect(text).toContain(`Task 1: ${tasks[0]?.title}`);
    expect(text).toContain(`Task 2: ${tasks[1]?.title}`);
    expect(text).toContain(`Task ${tasks.length}:`);
    expect(text).toContain('Checklist.pdf');
    expect(text).toContain('application/pdf');
    expect(text).toContain(`${(pdf(2000).length / 1024).toFixed(1)} KB`);
    expect(text).toContain('Not Yet Satisfactory');
    expect(text).toContain('Harness not visible');
    expect(text).toContain('Photo of the lanyard clipped on');
    // Cells wrap wherever the table needs, even inside a run of CJK, so spaces are not compared.
    expect(text.replace(/\s/g, '')).toContain('Alltherenow:安全帯확인완료王小明');
    expect(text).toContain('Priya Nair');
    // Times in the organisation's zone (the server's, until an admin chooses one), named once.
    expect(text).toMatch(/\d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [ap]m/);
    expect(text).toContain(`Times in ${timeZoneLabel(serverTimeZone())}`);
    expect(text).toContain(`${second.task.title.slice(0, 20)}.jpg`);
    const fonts = execFileSync('pdffonts', [join(env.dataDir, 'last-record.pdf')], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSans-Regular .* yes/);
    expect(fonts).toMatch(/NotoSansCJK.* yes/);
    // pdftotext reorders complex scripts, so these are checked by the fonts they brought in.
    expect(fonts).toMatch(/NotoSansDevanagari.* yes/);
    expect(fonts).toMatch(/NotoSansArabic.* yes/);
  });

  it('students, waiting assessors and bad ids get a text refusal, never a PDF', async () => {
    const { student, task } = await studentWithSubmissions(env, app, { count: 1 }).then((s) => ({
      ...s,
      task: s.tasks[0],
    }));
    const path = `/api/assessor/reports/${student.user.id}/${task?.unitId}.pdf`;
    const asStudent = await rest(student).get(path);
    expect(asStudent.statusCode).toBe(403);
    const waiting = await rest(await env.signedIn('assessor', { approved: false })).get(path);
    expect([waiting.statusCode, waiting.body]).toEqual([403, awaitingApprovalMessage]);
    const marker = await env.signedIn('assessor');
    const unknownUnit = await rest(marker).get(
      `/api/assessor/reports/${student.user.id}/00000000-0000-4000-8000-000000000000.pdf`,
    );
    expect([unknownUnit.statusCode, unknownUnit.body]).toEqual([404, 'Unit not found']);
    const badId = await rest(marker).get(`/api/assessor/reports/nope/${task?.unitId}.pdf`);
    expect(badId.statusCode).toBe(400);
    expect(badId.headers['content-type']).toMatch(/^text\/plain/);
  });
});
