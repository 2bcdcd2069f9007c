import { recordDeclaration } from '@evident/db/queries/declarations';
import {
  auditEvents,
  declarations,
  disposals,
  evidenceFiles,
  gradingDecisions,
  observations,
  submissions,
  thirdPartyReports,
  thirdPartyRequests,
  thirdPartyRequestTasks,
  thirdPartyVerifications,
  unitOutcomes,
} from '@evident/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TestEnv } from './harness';
import { studentInUnit } from './unit-outcome-fixtures';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A student with two satisfactory tasks in a unit, each file stored, a decision (with the assessor's
 * declaration) and an observation on the first, and a Competent outcome recorded `monthsAgo` months ago.
 */
export async function completedStudent(
  env: TestEnv,
  assessor: Awaited<ReturnType<TestEnv['signedIn']>>,
  monthsAgo: number,
) {
  const made = await studentInUnit(env, { taskCount: 2 });
  const files = await env.db
    .select()
    .from(evidenceFiles)
    .where(inArray(evidenceFiles.submissionId, made.submissionIds));
  for (const file of files) {
    await env.services.storage.put(file.objectPath, Buffer.from(`bytes of ${file.fileName}`), 'image/jpeg');
  }
  const first = made.submissionIds[0] as string;
  const declarationId = await recordDeclaration(env.db, {
    kind: 'assessor',
    version: 1,
    userId: assessor.user.id,
    actingAdminId: null,
  });
  await env.db.insert(gradingDecisions).values({
    submissionId: first,
    assessorId: assessor.user.id,
    status: 'satisfactory',
    fileIds: files.map((f) => f.id),
    declarationId,
  });
  await env.db.insert(observations).values({
    submissionId: first,
    assessorId: assessor.user.id,
    observedOn: '2024-03-01',
    place: 'Site office',
    durationMinutes: 30,
    signedName: 'A Assessor',
    items: [],
  });
  const outcome = await (await assessor.caller()).assessor.unitOutcomes.record({
    studentId: made.student.id,
    unitId: made.unit.id,
    outcome: 'competent',
    justification: 'Every task satisfactory.',
    declarationVersion: 1,
  });
  // Recorded `monthsAgo` months (plus a day) ago: the record's clock starts at the outcome.
  const at = new Date(Date.now() - DAY);
  at.setUTCMonth(at.getUTCMonth() - monthsAgo);
  await env.db.update(unitOutcomes).set({ createdAt: at }).where(eq(unitOutcomes.id, outcome.id));
  return { ...made, files, outcomeId: outcome.id as string };
}

const count = async (env: TestEnv, table: PgTable, where: SQL | undefined) => {
  const [row] = await env.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
};

/** Every row a disposal of this student's records would touch, and the tombstones and audit rows. */
export async function recordCounts(env: TestEnv, studentId: string, submissionIds: string[]) {
  return {
    submissions: await count(env, submissions, eq(submissions.studentId, studentId)),
    files: await count(env, evidenceFiles, inArray(evidenceFiles.submissionId, submissionIds)),
    decisions: await count(env, gradingDecisions, inArray(gradingDecisions.submissionId, submissionIds)),
    observations: await count(env, observations, inArray(observations.submissionId, submissionIds)),
    studentDeclarations: await count(
      env,
      declarations,
      and(eq(declarations.userId, studentId), eq(declarations.kind, 'student')),
    ),
    outcomes: await count(env, unitOutcomes, eq(unitOutcomes.studentId, studentId)),
    tombstones: await count(env, disposals, eq(disposals.studentId, studentId)),
    disposalAudits: await count(
      env,
      auditEvents,
      and(eq(auditEvents.action, 'records.disposed'), eq(auditEvents.subjectId, studentId)),
    ),
  };
}

/** A supervisor's report on some of the student's tasks, submitted and verified (rows as the app writes them). */
export async function supervisorReport(env: TestEnv, studentId: string, taskIds: string[]) {
  const [request] = await env.db
    .insert(thirdPartyRequests)
    .values({
      studentId,
      supervisorName: 'Pat Supervisor',
      supervisorEmail: 'pat@example.com',
      workplace: 'Site A',
      relationship: 'Leading hand',
      state: 'submitted',
      tokenHash: `hash-${studentId}-${Date.now()}`,
      expiresAt: new Date(Date.now() + DAY),
    })
    .returning();
  if (!request) throw new Error('request not written');
  await env.db
    .insert(thirdPartyRequestTasks)
    .values(taskIds.map((taskId, position) => ({ requestId: request.id, taskId, position })));
  const [report] = await env.db
    .insert(thirdPartyReports)
    .values({
      requestId: request.id,
      supervisorRole: 'Leading hand',
      supervisedFor: 'Two years',
      experience: 'Ten years',
      items: [],
      declarationVersion: 1,
      declarationText: 'I observed this work.',
      signedName: 'Pat Supervisor',
    })
    .returning();
  if (!report) throw new Error('report not written');
  await env.db
    .insert(thirdPartyVerifications)
    .values({ reportId: report.id, method: 'Phone call', verifiedOn: '2024-05-01', note: 'Confirmed' });
  return { requestId: request.id, reportId: report.id };
}
