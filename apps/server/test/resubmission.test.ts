import { withdrawRefusalMessages } from '@evident/core/resubmission';
import { submissions } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jpeg, pdf } from './evidence-fixtures';
import { studentWithSubmissions, submitEvidence } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';

/**
 * Issue 19.3, reviewing a resubmission: the grading card tells judged files from new ones and shows
 * the last decision; the student is offered Withdraw exactly where the call succeeds; a screen can
 * ask who graded a card it was showing.
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
beforeEach(async () => {
  // Each test starts with nothing waiting, so the grading list is its own.
  await env.db.update(submissions).set({ status: 'satisfactory' }).where(eq(submissions.status, 'submitted'));
});

/** A student's task graded NYS by Priya Nair, then answered with a checklist: a resubmission. */
async function resubmitted() {
  const setUp = await studentWithSubmissions(env, app, { count: 2 });
  const [first, second] = setUp.submitted;
  if (!first || !second) throw new Error('two submissions expected');
  const assessorClient = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
  const assessor = await assessorClient.caller();
  await assessor.assessor.submissions.grade({
    submissionIds: [first.submissionId],
    status: 'not_yet_satisfactory',
    comment: 'The harness is not visible',
    strategiesForReassessment: 'Upload the signed pre-start checklist',
  });
  const checklist = await submitEvidence(app, setUp.caller, first.task.id, {
    fileName: 'Checklist.pdf',
    fileType: 'application/pdf',
    body: pdf(200),
  });
  return { ...setUp, first, second, checklist, assessor, assessorClient };
}

describe('the grading card of a resubmission', () => {
  it('marks the judged file with the NYS that judged it, the file added since as new, and carries the last comment and strategies', async () => {
    const { first, second, checklist, assessor } = await resubmitted();
    const list = await assessor.staff.submissions.list();
    const card = list.find((s) => s.id === first.submissionId);
    const [decision] = card?.earlierDecisions ?? [];
    expect(card?.earlierDecisions).toEqual([
      {
        id: expect.any(String),
        status: 'not_yet_satisfactory',
        comment: 'The harness is not visible',
        strategiesForReassessment: 'Upload the signed pre-start checklist',
        assessorName: 'Priya Nair',
        createdAt: expect.any(String),
        // Graded without the assessor's declaration (as the spec's callers do): Not declared.
        declarationVersion: null,
      },
    ]);
    expect(card?.files.map((f) => [f.id, f.judgedBy, f.isNew])).toEqual([
      [first.fileIds[0], { decisionId: decision?.id, status: 'not_yet_satisfactory' }, false],
      [checklist.file.id, null, true],
    ]);
    // A first submission has no decision to be new against: nothing is marked.
    const firstTime = list.find((s) => s.id === second.submissionId);
    expect(firstTime?.files.map((f) => [f.judgedBy, f.isNew])).toEqual([[null, false]]);
  });

  it('a second NYS judges both files; a third file is the only new one; REST carries the same', async () => {
    const { first, checklist, assessor, assessorClient, caller } = await resubmitted();
    await assessor.assessor.submissions.grade({
      submissionIds: [first.submissionId],
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'A photo with the lanyard clipped on',
    });
    const lanyard = await submitEvidence(app, caller, first.task.id, {
      fileName: 'Lanyard.jpg',
      fileType: 'image/jpeg',
      body: await jpeg(120, 90),
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/assessor/submissions',
      headers: { cookie: `${env.services.sessions.cookieName}=${assessorClient.sessionId}` },
    });
    expect(response.statusCode).toBe(200);
    type Card = {
      id: string;
      files: { id: string; judgedBy: { decisionId: string } | null; isNew: boolean }[];
      earlierDecisions: { id: string; strategiesForReassessment: string | null }[];
    };
    const card = (response.json() as Card[]).find((s) => s.id === first.submissionId);
    const last = card?.earlierDecisions.at(-1);
    expect(card?.earlierDecisions).toHaveLength(2);
    expect(last?.strategiesForReassessment).toBe('A photo with the lanyard clipped on');
    expect(card?.files.map((f) => [f.id, f.judgedBy?.decisionId ?? null, f.isNew])).toEqual([
      [first.fileIds[0], last?.id, false],
      [checklist.file.id, last?.id, false],
      [lanyard.file.id, null, true],
    ]);
  });
});

describe('Withdraw is offered exactly where it succeeds', () => {
  it('after NYS and a new file, the judged file may not be withdrawn and the new one may, as the call then does', async () => {
    const { first, checklist, caller } = await resubmitted();
    const extra = await submitEvidence(app, caller, first.task.id, {
      fileName: 'Extra.pdf',
      fileType: 'application/pdf',
      body: pdf(20),
    });
    const evidence = await caller.student.evidence.list({ taskId: first.task.id });
    const offered = evidence.submission?.files.map((f) => [f.id, f.canWithdraw, f.withdrawRefusal]);
    expect(offered).toEqual([
      [first.fileIds[0], false, 'judged'],
      [checklist.file.id, true, null],
      [extra.file.id, true, null],
    ]);
    await expect(caller.student.evidence.withdraw({ fileId: first.fileIds[0] ?? '' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: withdrawRefusalMessages.judged,
    });
    await caller.student.evidence.withdraw({ fileId: extra.file.id });

    // With the judged file and one new file left, the new one is the last that may go: it stays.
    const after = await caller.student.evidence.list({ taskId: first.task.id });
    expect(after.submission?.files.map((f) => [f.fileName, f.canWithdraw, f.withdrawRefusal])).toEqual([
      [expect.stringMatching(/\.jpg$/), false, 'judged'],
      ['Checklist.pdf', true, null],
    ]);
  });

  it('a graded submission offers none, and a lone file is refused as the only one, as the call says', async () => {
    const { first, second, caller } = await resubmitted();
    await (await env.signedIn('assessor'))
      .caller()
      .then((assessor) =>
        assessor.assessor.submissions.grade({ submissionIds: [first.submissionId], status: 'satisfactory' }),
      );
    const graded = await caller.student.evidence.list({ taskId: first.task.id });
    expect(graded.submission?.files.map((f) => [f.canWithdraw, f.withdrawRefusal])).toEqual([
      [false, 'graded'],
      [false, 'graded'],
    ]);
    await expect(
      caller.student.evidence.withdraw({ fileId: graded.submission?.files[1]?.id ?? '' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: withdrawRefusalMessages.graded });

    const lone = await caller.student.evidence.list({ taskId: second.task.id });
    expect(lone.submission?.files.map((f) => [f.canWithdraw, f.withdrawRefusal])).toEqual([
      [false, 'only_file'],
    ]);
    await expect(caller.student.evidence.withdraw({ fileId: second.fileIds[0] ?? '' })).rejects.toMatchObject(
      {
        code: 'CONFLICT',
        message: withdrawRefusalMessages.only_file,
      },
    );
  });
});

describe('who graded a card another assessor had open', () => {
  it('answers each submission’s status and who decided it last; unknown ids are left out', async () => {
    const { first, second } = await resubmitted();
    const tia = await (await env.signedIn('assessor', { firstName: 'Tia', lastName: 'Two' })).caller();
    await tia.assessor.submissions.grade({ submissionIds: [second.submissionId], status: 'satisfactory' });
    const una = await (await env.signedIn('assessor')).caller();
    const outcomes = await una.staff.submissions.listOutcomes({
      submissionIds: [first.submissionId, second.submissionId, '00000000-0000-4000-8000-000000000000'],
    });
    expect(outcomes).toHaveLength(2);
    expect(outcomes.find((o) => o.submissionId === second.submissionId)).toEqual({
      submissionId: second.submissionId,
      status: 'satisfactory',
      lastDecision: { status: 'satisfactory', assessorName: 'Tia Two', createdAt: expect.any(String) },
    });
    // Resubmitted after Priya's NYS: waiting again, her name still on the last decision.
    expect(outcomes.find((o) => o.submissionId === first.submissionId)).toMatchObject({
      status: 'submitted',
      lastDecision: { status: 'not_yet_satisfactory', assessorName: 'Priya Nair' },
    });
  });

  it('students may not ask, and bad ids get a 400 with a message', async () => {
    const { caller, first, assessor } = await resubmitted();
    await expect(
      caller.staff.submissions.listOutcomes({ submissionIds: [first.submissionId] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(assessor.staff.submissions.listOutcomes({ submissionIds: ['nope'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('submission ids'),
    });
  });
});
