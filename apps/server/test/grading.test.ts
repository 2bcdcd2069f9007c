import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainEvent } from '@evident/core/events';
import { serverTimeZone, timeZoneLabel } from '@evident/core/time-zone';
import { awaitingApprovalMessage } from '@evident/core/user';
import { openDatabase } from '@evident/db/client';
import { setActingAs } from '@evident/db/queries/sessions';
import { auditEvents, evidenceFiles, gradingDecisions, submissions, users } from '@evident/db/schema';
import { seedDemo } from '@evident/db/seed/demo';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pdf } from './evidence-fixtures';
import { studentWithSubmissions, submitEvidence } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
const events: DomainEvent[] = [];
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
  env.services.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await app.close();
  await env.close();
});
beforeEach(async () => {
  // Each test starts with nothing waiting, so lists and counts are its own.
  await env.db.update(submissions).set({ status: 'satisfactory' }).where(eq(submissions.status, 'submitted'));
  events.length = 0;
});

const cookieOf = (client: { sessionId: string | null }) =>
  `${env.services.sessions.cookieName}=${client.sessionId}`;

function rest(client: { sessionId: string | null }) {
  const cookie = cookieOf(client);
  return {
    post: (url: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          cookie,
          'content-type': 'application/json',
          origin: 'http://localhost:80',
          host: 'localhost:80',
        },
        payload: JSON.stringify(body),
      }),
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
  };
}

const decisionsOf = (submissionIds: string[]) =>
  env.db
    .select()
    .from(gradingDecisions)
    .where(inArray(gradingDecisions.submissionId, submissionIds))
    .orderBy(asc(gradingDecisions.createdAt), asc(gradingDecisions.id));

const statusesOf = async (submissionIds: string[]) =>
  (await env.db.select().from(submissions).where(inArray(submissions.id, submissionIds))).map(
    (row) => row.status,
  );

describe('who may assess', () => {
  it('a self-registered assessor signs in but waits for approval; every assessor call answers 403 with why', async () => {
    const visitor = env.browser();
    await (await visitor.caller()).auth.accounts.register({
      firstName: 'Sam',
      lastName: 'Waiting',
      email: 'sam.waiting@example.com',
      password: 'long enough please',
      role: 'assessor',
    });
    await (await visitor.caller()).auth.session.login({
      email: 'sam.waiting@example.com',
      password: 'long enough please',
    });
    const caller = await visitor.caller();
    expect(await caller.auth.session.get()).toMatchObject({ role: 'assessor', awaitingApproval: true });
    await expect(caller.staff.submissions.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: awaitingApprovalMessage,
    });
    const listed = await rest(visitor).get('/api/assessor/submissions');
    expect(listed.statusCode).toBe(403);
    expect(listed.body).toBe(awaitingApprovalMessage);
    const graded = await rest(visitor).post('/api/assessor/grade', {
      submissionIds: ['00000000-0000-4000-8000-000000000000'],
      status: 'satisfactory',
    });
    expect([graded.statusCode, graded.body]).toEqual([403, awaitingApprovalMessage]);
  });

  it('an admin approves a waiting assessor over REST: audited, announced, and the assessor may assess', async () => {
    const waiting = await env.signedIn('assessor', { approved: false });
    const admin = await env.signedIn('rto_admin');
    const before = await (await admin.caller()).admin.users.list();
    expect(before.find((u) => u.id === waiting.user.id)?.awaitingApproval).toBe(true);

    const approved = await rest(admin).post(`/api/admin/users/${waiting.user.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ userId: waiting.user.id, approvedAt: expect.any(String) });
    const [row] = await env.db.select().from(users).where(eq(users.id, waiting.user.id));
    expect(row?.approvedBy).toBe(admin.user.id);
    const audit = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, waiting.user.id), eq(auditEvents.action, 'assessor.approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.user.id);
    expect(events).toContainEqual({ type: 'user.changed', userId: waiting.user.id });

    const caller = await waiting.caller();
    expect(await caller.auth.session.get()).toMatchObject({ awaitingApproval: false });
    await expect(caller.staff.submissions.list()).resolves.toEqual([]);
    const after = await (await admin.caller()).admin.users.list();
    expect(after.find((u) => u.id === waiting.user.id)?.awaitingApproval).toBe(false);

    // Approving again changes nothing and records nothing more.
    const again = await rest(admin).post(`/api/admin/users/${waiting.user.id}/approve`, {});
    expect(again.statusCode).toBe(200);
    expect(
      await env.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, waiting.user.id), eq(auditEvents.action, 'assessor.approve'))),
    ).toHaveLength(1);
  });

  it('only admins approve, and only assessors need it', async () => {
    const waiting = await env.signedIn('assessor', { approved: false });
    const student = await env.signedIn('student');
    const admin = await (await env.signedIn('rto_admin')).caller();
    const assessor = await (await env.signedIn('assessor')).caller();
    await expect(assessor.admin.users.approve({ userId: waiting.user.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(admin.admin.users.approve({ userId: student.user.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Only assessor accounts need approval',
    });
    await expect(
      admin.admin.users.approve({ userId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('ASSESSOR_SIGNUP=open approves an assessor on sign-up', async () => {
    const open = await createTestEnv({ env: { ASSESSOR_SIGNUP: 'open' } });
    try {
      const visitor = open.browser();
      await (await visitor.caller()).auth.accounts.register({
        firstName: 'Olu',
        lastName: 'Open',
        email: 'olu@example.com',
        password: 'long enough please',
        role: 'assessor',
      });
      await (await visitor.caller()).auth.session.login({
        email: 'olu@example.com',
        password: 'long enough please',
      });
      const caller = await visitor.caller();
      expect(await caller.auth.session.get()).toMatchObject({ awaitingApproval: false });
      await expect(caller.staff.submissions.list()).resolves.toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('the demo assessor is approved', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      await seedDemo(database.db, async () => 'not-a-real-hash');
      const [demo] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'assessor@demo.evident.local'));
      expect(demo?.approvedAt).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });
});

describe('the grading list', () => {
  it('an assessor lists what awaits a decision, student by student, with files and signed links; withdrawn files never', async () => {
    const zoe = await studentWithSubmissions(env, app, { count: 2, firstName: 'Zoe', lastName: 'Zhang' });
    const amy = await studentWithSubmissions(env, app, { count: 1, firstName: 'Amy', lastName: 'Adams' });
    // Photos' thumbnails are made in the background; the list links one once it is there.
    await env.services.jobs.idle();
    const assessor = await (await env.signedIn('assessor')).caller();
    const list = await assessor.staff.submissions.list();
    expect(list.map((s) => `${s.student.firstName} ${s.task.title}`)).toEqual([
      `Amy ${amy.tasks[0]?.title}`,
      `Zoe ${zoe.tasks[0]?.title}`,
      `Zoe ${zoe.tasks[1]?.title}`,
    ]);
    const [first] = list;
    expect(first).toMatchObject({
      id: amy.submitted[0]?.submissionId,
      status: 'submitted',
      studentId: amy.student.user.id,
      student: { firstName: 'Amy', lastName: 'Adams', email: amy.student.user.email },
      task: { title: amy.tasks[0]?.title, description: expect.any(String) },
      unit: { unitCode: 'RIIWHS204E', title: expect.any(String) },
      submittedAt: expect.any(String),
      earlierDecisions: [],
    });
    expect(first?.files).toEqual([
      expect.objectContaining({
        id: amy.submitted[0]?.fileIds[0],
        fileType: 'image/jpeg',
        fileSize: expect.any(Number),
        isPrimary: true,
        url: expect.stringMatching(/^http:\/\/evident\.test\/files\/download\//),
        thumbnailUrl: expect.stringMatching(/^http:\/\/evident\.test\/files\/download\//),
      }),
    ]);

    // A withdrawn file disappears from the list (it stays in the table for the audit trail).
    await env.db
      .update(evidenceFiles)
      .set({ withdrawnAt: new Date() })
      .where(eq(evidenceFiles.id, zoe.submitted[1]?.fileIds[0] ?? ''));
    const again = await assessor.staff.submissions.list();
    expect(again.find((s) => s.id === zoe.submitted[1]?.submissionId)?.files).toEqual([]);

    const overRest = await rest(await env.signedIn('assessor')).get('/api/assessor/submissions');
    expect(overRest.statusCode).toBe(200);
    expect(overRest.json()).toHaveLength(3);
  });

  it('students and signed-out visitors cannot list or grade; admins as themselves list but cannot grade', async () => {
    const student = await (await env.signedIn('student')).caller();
    const admin = await (await env.signedIn('rto_admin')).caller();
    await expect(student.staff.submissions.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(admin.staff.submissions.list()).resolves.toEqual([]);
    for (const caller of [student, admin]) {
      await expect(
        caller.assessor.submissions.grade({
          submissionIds: ['00000000-0000-4000-8000-000000000000'],
          status: 'satisfactory',
        }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    const visitor = await env.browser().caller();
    await expect(visitor.staff.submissions.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('grading', () => {
  it('an assessor grades one submission NYS only with strategies; the student sees it and the decision is kept', async () => {
    const { student, submitted } = await studentWithSubmissions(env, app, { count: 1 });
    const id = submitted[0]?.submissionId ?? '';
    const marker = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    const assessor = await marker.caller();

    const withoutStrategies = await rest(marker).post('/api/assessor/grade', {
      submissionIds: [id],
      status: 'not_yet_satisfactory',
      comment: 'Blurry',
    });
    expect([withoutStrategies.statusCode, withoutStrategies.body]).toEqual([
      400,
      'Please provide re-assessment strategies for NYS',
    ]);
    await expect(
      assessor.assessor.submissions.grade({
        submissionIds: [id],
        status: 'not_yet_satisfactory',
        strategiesForReassessment: '   ',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const unknownStatus = await rest(marker).post('/api/assessor/grade', {
      submissionIds: [id],
      status: 'excellent',
    });
    expect([unknownStatus.statusCode, unknownStatus.body]).toEqual([
      400,
      'Status must be satisfactory or not_yet_satisfactory',
    ]);
    expect(await statusesOf([id])).toEqual(['submitted']);
    expect(await decisionsOf([id])).toEqual([]);

    const result = await assessor.assessor.submissions.grade({
      submissionIds: [id],
      status: 'not_yet_satisfactory',
      comment: 'The harness is not visible',
      strategiesForReassessment: 'Photo of the lanyard clipped on',
    });
    expect(result).toEqual({ status: 'not_yet_satisfactory', submissionIds: [id], count: 1 });
    const tasks = await (await student.caller()).student.tasks.list();
    expect(tasks.find((t) => t.id === submitted[0]?.task.id)?.submission).toMatchObject({
      status: 'not_yet_satisfactory',
      assessorComment: 'The harness is not visible',
    });
    expect(await decisionsOf([id])).toEqual([
      expect.objectContaining({
        submissionId: id,
        assessorId: marker.user.id,
        actingAdminId: null,
        status: 'not_yet_satisfactory',
        comment: 'The harness is not visible',
        strategiesForReassessment: 'Photo of the lanyard clipped on',
        fileIds: submitted[0]?.fileIds,
      }),
    ]);
    expect(events).toContainEqual({
      type: 'submission.graded',
      status: 'not_yet_satisfactory',
      submissions: [
        {
          submissionId: id,
          studentId: student.user.id,
          taskId: submitted[0]?.task.id,
          unitId: expect.any(String),
        },
      ],
    });
    expect(await assessor.staff.submissions.list()).toEqual([]);
  });

  it('an assessor bulk-grades two submissions satisfactory over REST; strategies are not kept for satisfactory', async () => {
    const { submitted } = await studentWithSubmissions(env, app, { count: 2 });
    const ids = submitted.map((s) => s.submissionId);
    const marker = await env.signedIn('assessor');
    const response = await rest(marker).post('/api/assessor/grade', {
      submissionIds: ids,
      status: 'satisfactory',
      comment: 'Well done',
      strategiesForReassessment: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ count: 2, status: 'satisfactory' });
    expect(await statusesOf(ids)).toEqual(['satisfactory', 'satisfactory']);
    const decisions = await decisionsOf(ids);
    expect(decisions.map((d) => [d.status, d.comment, d.strategiesForReassessment])).toEqual([
      ['satisfactory', 'Well done', null],
      ['satisfactory', 'Well done', null],
    ]);
    const graded = events.find((e) => e.type === 'submission.graded');
    expect(
      graded?.type === 'submission.graded' && graded.submissions.map((s) => s.submissionId).sort(),
    ).toEqual([...ids].sort());
  });

  it('one unknown id in a batch grades nothing and names the id', async () => {
    const { submitted } = await studentWithSubmissions(env, app, { count: 2 });
    const ids = submitted.map((s) => s.submissionId);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const assessor = await (await env.signedIn('assessor')).caller();
    await expect(
      assessor.assessor.submissions.grade({ submissionIds: [...ids, unknown], status: 'satisfactory' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(unknown) });
    expect(await statusesOf(ids)).toEqual(['submitted', 'submitted']);
    expect(await decisionsOf(ids)).toEqual([]);
    expect(events.filter((e) => e.type === 'submission.graded')).toEqual([]);
    await expect(
      assessor.assessor.submissions.grade({ submissionIds: ['not-an-id'], status: 'satisfactory' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a submission graded meanwhile by another assessor is reported by name and the whole batch is refused', async () => {
    const { submitted } = await studentWithSubmissions(env, app, {
      count: 2,
      firstName: 'Jordan',
      lastName: 'Lee',
    });
    const [a, b] = submitted.map((s) => s.submissionId) as [string, string];
    const first = await (await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' })).caller();
    const second = await (await env.signedIn('assessor', { firstName: 'Dan', lastName: 'Roe' })).caller();
    await first.assessor.submissions.grade({ submissionIds: [a], status: 'satisfactory' });
    const refusal = second.assessor.submissions.grade({
      submissionIds: [b, a],
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Again please',
    });
    await expect(refusal).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/for Jordan Lee was already graded by Priya Nair\. Nothing was graded/),
    });
    expect(await statusesOf([b])).toEqual(['submitted']);
    expect((await decisionsOf([a, b])).map((d) => d.submissionId)).toEqual([a]);
  });

  it('two assessors grading the same submission at once: one decision stands, the other is told who made it', async () => {
    const { submitted } = await studentWithSubmissions(env, app, { count: 1 });
    const id = submitted[0]?.submissionId ?? '';
    const one = await (await env.signedIn('assessor', { firstName: 'Una', lastName: 'One' })).caller();
    const two = await (await env.signedIn('assessor', { firstName: 'Tia', lastName: 'Two' })).caller();
    const outcomes = await Promise.allSettled([
      one.assessor.submissions.grade({ submissionIds: [id], status: 'satisfactory' }),
      two.assessor.submissions.grade({
        submissionIds: [id],
        status: 'not_yet_satisfactory',
        strategiesForReassessment: 'x',
      }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason.message).toMatch(
      /already graded by (Una One|Tia Two)/,
    );
    expect(await decisionsOf([id])).toHaveLength(1);
  });

  it('the history survives a re-upload after NYS and a re-grade: each decision keeps the files it judged', async () => {
    const { caller, submitted } = await studentWithSubmissions(env, app, { count: 1 });
    const {
      submissionId: id,
      task,
      fileIds,
    } = submitted[0] ?? { submissionId: '', task: { id: '' }, fileIds: [] };
    const assessor = await (
      await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' })
    ).caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [id],
      status: 'not_yet_satisfactory',
      comment: 'Show the checklist',
      strategiesForReassessment: 'Upload the signed pre-start checklist',
    });
    const [before] = await env.db.select().from(submissions).where(eq(submissions.id, id));

    const again = await submitEvidence(app, caller, task.id, {
      fileName: 'Checklist.pdf',
      fileType: 'application/pdf',
      body: pdf(200),
    });
    expect(again.submission).toMatchObject({ id, status: 'submitted' });
    const [resubmitted] = await env.db.select().from(submissions).where(eq(submissions.id, id));
    expect(resubmitted?.submittedAt.getTime()).toBeGreaterThan(before?.submittedAt.getTime() ?? 0);

    const [listed] = await assessor.staff.submissions.list();
    expect(listed?.files.map((f) => f.fileName)).toEqual([expect.stringMatching(/\.jpg$/), 'Checklist.pdf']);
    expect(listed?.earlierDecisions).toEqual([
      {
        id: expect.any(String),
        status: 'not_yet_satisfactory',
        comment: 'Show the checklist',
        strategiesForReassessment: 'Upload the signed pre-start checklist',
        assessorName: 'Priya Nair',
        createdAt: expect.any(String),
      },
    ]);

    await assessor.assessor.submissions.grade({
      submissionIds: [id],
      status: 'satisfactory',
      comment: 'All there now',
    });
    const history = await decisionsOf([id]);
    expect(history.map((d) => [d.status, d.comment, d.fileIds])).toEqual([
      ['not_yet_satisfactory', 'Show the checklist', fileIds],
      ['satisfactory', 'All there now', [...fileIds, again.file.id]],
    ]);
  });

  it('an admin viewing the app as an assessor grades as them, and the decision names the admin too', async () => {
    const { submitted } = await studentWithSubmissions(env, app, { count: 1 });
    const id = submitted[0]?.submissionId ?? '';
    const assessor = await env.signedIn('assessor');
    const admin = await env.signedIn('rto_admin');
    await setActingAs(env.db, { sessionId: admin.sessionId ?? '', actingAsUserId: assessor.user.id });
    await (await admin.caller()).assessor.submissions.grade({ submissionIds: [id], status: 'satisfactory' });
    expect(await decisionsOf([id])).toEqual([
      expect.objectContaining({ assessorId: assessor.user.id, actingAdminId: admin.user.id }),
    ]);
    // The audit trail names the admin as the one who decided, acting as the assessor.
    const audit = await (await env.sessionFor(admin.user.id)).caller();
    const trail = await audit.admin.audit.list({ kind: 'submission.graded', userId: admin.user.id, page: 1 });
    expect(trail.events).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        actingAsId: assessor.user.id,
        detail: expect.objectContaining({ submissionId: id, status: 'satisfactory' }),
      }),
    ]);
  });
});

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
