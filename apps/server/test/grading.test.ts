import type { DomainEvent } from '@evident/core/events';
import { setActingAs } from '@evident/db/queries/sessions';
import { evidenceFiles, submissions } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdf } from './evidence-fixtures';
import { decisionsIn, statusesIn, studentWithSubmissions, submitEvidence } from './grading-fixtures';
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
const decisionsOf = (submissionIds: string[]) => decisionsIn(env, submissionIds);
const statusesOf = (submissionIds: string[]) => statusesIn(env, submissionIds);

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
        // Graded without the assessor's declaration (as the spec's callers do): Not declared.
        declarationVersion: null,
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
