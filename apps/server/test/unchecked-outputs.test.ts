import { describedSchemaOf } from '@evident/api/rest';
import { appRouter } from '@evident/api/root';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { pdf } from './evidence-fixtures';
import { studentWithSubmissions, submitEvidence } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';

/**
 * Issue 31 §2: the hot reads whose output tRPC no longer checks on every call
 * (`shapeCheckedInTests`, packages/api/src/database-json.ts) are checked here instead. Each answer,
 * over tRPC and over REST, must be exactly what its schema's parse gives: valid, no key the schema
 * would drop, every key in the schema's order, so the wire is byte for byte what it was.
 */
/** The schema a procedure's answer is described by, which the procedure itself no longer runs. */
function describedOutputOf(path: string): z.ZodType {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output: z.ZodType } }>;
  const output = procedures[path]?._def.output;
  const schema = output && describedSchemaOf(output);
  if (!schema) throw new Error(`${path} has no described output`);
  return schema;
}
const studentTasksOutput = describedOutputOf('student.tasks.list');
const gradingSubmissionsOutput = describedOutputOf('staff.submissions.list');
const currentUserOutput = describedOutputOf('auth.session.get');

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

function expectExactly(schema: z.ZodType, answer: unknown) {
  const parsed = schema.parse(answer);
  expect(JSON.stringify(answer)).toBe(JSON.stringify(parsed));
}

async function restAnswer(cookie: string, url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body);
}

const cookieOf = (client: { sessionId: string | null }) =>
  `${env.services.sessions.cookieName}=${client.sessionId ?? ''}`;

describe('outputs checked in tests rather than per call', () => {
  it('auth.session.get: a student, an assessor awaiting approval, an admin viewing as a student', async () => {
    const student = await env.signedIn('student');
    const answer = await (await student.caller()).auth.session.get();
    expect(answer?.role).toBe('student');
    expectExactly(currentUserOutput, answer);
    expect(JSON.stringify(await restAnswer(cookieOf(student), '/api/auth/user'))).toBe(
      JSON.stringify(answer),
    );

    const waiting = await env.signedIn('assessor', { approved: false });
    const waitingAnswer = await (await waiting.caller()).auth.session.get();
    expect(waitingAnswer?.awaitingApproval).toBe(true);
    expectExactly(currentUserOutput, waitingAnswer);

    const admin = await env.signedIn('rto_admin');
    const adminCaller = await admin.caller();
    await adminCaller.admin.impersonation.start({ userId: answer?.id ?? '' });
    const viewing = await (await admin.caller()).auth.session.get();
    expect(viewing?.isImpersonating).toBe(true);
    expect(viewing?.originalUser?.role).toBe('rto_admin');
    expectExactly(currentUserOutput, viewing);
    expect(JSON.stringify(await restAnswer(cookieOf(admin), '/api/auth/user'))).toBe(JSON.stringify(viewing));
  });

  it("student.tasks.list: tasks with and without a submission, an assessor's comment", async () => {
    const setUp = await studentWithSubmissions(env, app, { count: 2 });
    const [first] = setUp.submitted;
    if (!first) throw new Error('a submission expected');
    const assessor = await (await env.signedIn('assessor')).caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [first.submissionId],
      status: 'not_yet_satisfactory',
      comment: 'The harness is not visible',
      strategiesForReassessment: 'A photo with the harness clipped on',
    });
    const answer = await setUp.caller.student.tasks.list();
    expect(answer.some((task) => task.submission === null)).toBe(true);
    expect(answer.some((task) => task.submission?.assessorComment)).toBe(true);
    expectExactly(studentTasksOutput, answer);
    // REST sends the same answer as JSON (its dates as ISO text), key for key.
    const rest = await restAnswer(cookieOf(setUp.student), '/api/student/tasks');
    expect(JSON.stringify(rest)).toBe(JSON.stringify(answer));
  });

  it('staff.submissions.list: photos and a PDF, an earlier decision, a judged file and a new one', async () => {
    const setUp = await studentWithSubmissions(env, app, { count: 2 });
    const [first] = setUp.submitted;
    if (!first) throw new Error('a submission expected');
    const assessorClient = await env.signedIn('assessor');
    const assessor = await assessorClient.caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [first.submissionId],
      status: 'not_yet_satisfactory',
      comment: 'The harness is not visible',
      strategiesForReassessment: 'Upload the signed pre-start checklist',
    });
    await submitEvidence(app, setUp.caller, first.task.id, {
      fileName: 'Checklist.pdf',
      fileType: 'application/pdf',
      body: pdf(200),
    });
    const answer = await assessor.staff.submissions.list();
    const card = answer.find((submission) => submission.id === first.submissionId);
    expect(card?.earlierDecisions).toHaveLength(1);
    expect(card?.files.map((file) => file.isNew)).toEqual([false, true]);
    expectExactly(gradingSubmissionsOutput, answer);
    const rest = await restAnswer(cookieOf(assessorClient), '/api/assessor/submissions');
    expectExactly(gradingSubmissionsOutput, rest);
    expect((rest as { id: string }[]).map((submission) => submission.id)).toEqual(answer.map((s) => s.id));
  });
});
