import { gradingDecisions, submissions, users } from '@evident/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { jpeg, pathOf, studentWithUnit } from './evidence-fixtures';
import type { TestEnv } from './harness';

/** Only what the fixtures use of the test app, whatever its logger type. */
type App = Pick<Awaited<ReturnType<TestEnv['app']>>, 'inject'>;

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

/** A student uploads a file and records it as evidence for a task, as the browser does. */
export async function submitEvidence(
  app: App,
  caller: Caller,
  taskId: string,
  file: { fileName: string; fileType: string; body: Buffer },
) {
  const grant = await caller.student.evidence.requestUploadUrl({
    fileName: file.fileName,
    fileType: file.fileType,
  });
  const put = await app.inject({
    method: 'PUT',
    url: pathOf(grant.uploadUrl),
    headers: { 'content-type': file.fileType },
    payload: file.body,
  });
  expect(put.statusCode, put.body).toBe(200);
  return caller.student.evidence.record({
    taskId,
    fileName: file.fileName,
    fileType: file.fileType,
    objectPath: grant.objectPath,
  });
}

/** A student with a photo recorded on each of the first `count` tasks of a unit. */
export async function studentWithSubmissions(
  env: TestEnv,
  app: App,
  options: { count?: number; unitCode?: string; firstName?: string; lastName?: string } = {},
) {
  const setUp = await studentWithUnit(env, options.unitCode);
  if (options.firstName || options.lastName) {
    await env.db
      .update(users)
      .set({
        firstName: options.firstName ?? setUp.student.user.firstName,
        lastName: options.lastName ?? setUp.student.user.lastName,
      })
      .where(eq(users.id, setUp.student.user.id));
  }
  const photo = await jpeg(200, 150);
  const submitted = [];
  for (const task of setUp.tasks.slice(0, options.count ?? 2)) {
    const recorded = await submitEvidence(app, setUp.caller, task.id, {
      fileName: `${task.title.slice(0, 20)}.jpg`,
      fileType: 'image/jpeg',
      body: photo,
    });
    submitted.push({ task, submissionId: recorded.submission.id, fileIds: [recorded.file.id] });
  }
  return { ...setUp, submitted };
}

/** The decisions recorded on these submissions, oldest first. */
export const decisionsIn = (env: TestEnv, submissionIds: string[]) =>
  env.db
    .select()
    .from(gradingDecisions)
    .where(inArray(gradingDecisions.submissionId, submissionIds))
    .orderBy(asc(gradingDecisions.createdAt), asc(gradingDecisions.id));

/** The statuses of these submissions. */
export const statusesIn = async (env: TestEnv, submissionIds: string[]) =>
  (await env.db.select().from(submissions).where(inArray(submissions.id, submissionIds))).map(
    (row) => row.status,
  );
