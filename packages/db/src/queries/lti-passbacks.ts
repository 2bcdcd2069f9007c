import type { JobKind } from '@evident/core/job-kinds';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks, units } from '../schema/curriculum';
import { submissions } from '../schema/evidence';
import { jobs } from '../schema/jobs';
import { ltiLinkLearners, ltiPlatforms, ltiResourceLinks } from '../schema/lti';
import { unitOutcomes } from '../schema/outcomes';
import { users } from '../schema/users';
import { enqueueJobs, type NewJob } from './jobs';

/** The job kind of grade passback (Assignment and Grade Services). */
export const ltiScoreJobKind = 'lti.score' satisfies JobKind;

/** One student's progress in one link's unit, to send to its gradebook column. */
const ltiScoreJob = ({ linkId, userId }: { linkId: string; userId: string }): NewJob<'lti.score'> => ({
  kind: ltiScoreJobKind,
  payload: { linkId, userId },
  dedupeKey: `${ltiScoreJobKind}:${linkId}:${userId}`,
  // Through about two days of a platform being down.
  maxAttempts: 40,
});

/**
 * Queues a score for every link with a gradebook column through which these students opened these
 * units. Call it in the transaction that records the decision; one waiting job per link and
 * student is enough, since the job sends the progress as it is when it runs.
 */
export async function queueLtiScores(
  db: Database,
  pairs: { studentId: string; unitId: string }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const rows = await db
    .select({ linkId: ltiLinkLearners.linkId, userId: ltiLinkLearners.userId })
    .from(ltiLinkLearners)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiLinkLearners.linkId))
    .where(
      and(
        sql`${ltiResourceLinks.lineItemUrl} is not null`,
        or(
          ...pairs.map((p) =>
            and(eq(ltiLinkLearners.userId, p.studentId), eq(ltiResourceLinks.unitId, p.unitId)),
          ),
        ),
      ),
    );
  const queued = await enqueueJobs(
    db,
    rows.map((row) => ltiScoreJob({ linkId: row.linkId, userId: row.userId })),
  );
  return queued.length;
}

/**
 * What a score needs: where it goes, for whom, the student's progress in the link's unit now, and
 * the unit outcome standing for them, if any (a superseded one counts for nothing).
 */
export async function findLtiScoreFacts(
  db: Database,
  { linkId, userId }: { linkId: string; userId: string },
) {
  const [row] = await db
    .select({
      lineItemUrl: ltiResourceLinks.lineItemUrl,
      unitId: ltiResourceLinks.unitId,
      platformUserId: ltiLinkLearners.platformUserId,
      platform: ltiPlatforms,
    })
    .from(ltiLinkLearners)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiLinkLearners.linkId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(and(eq(ltiLinkLearners.linkId, linkId), eq(ltiLinkLearners.userId, userId)));
  if (!row?.lineItemUrl || !row.unitId) return undefined;
  const [progress] = await db
    .select({
      total: sql<number>`count(*)::int`,
      satisfied: sql<number>`count(*) filter (where ${submissions.status} = 'satisfactory')::int`,
      submitted: sql<number>`count(${submissions.id})::int`,
    })
    .from(tasks)
    .leftJoin(submissions, and(eq(submissions.taskId, tasks.id), eq(submissions.studentId, userId)))
    .where(and(eq(tasks.unitId, row.unitId), isNull(tasks.archivedAt)));
  const [outcome] = await db
    .select({ outcome: unitOutcomes.outcome, remaining: unitOutcomes.remaining })
    .from(unitOutcomes)
    .where(
      and(
        eq(unitOutcomes.studentId, userId),
        eq(unitOutcomes.unitId, row.unitId),
        isNull(unitOutcomes.supersededAt),
      ),
    );
  return {
    ...row,
    lineItemUrl: row.lineItemUrl,
    progress: progress ?? { total: 0, satisfied: 0, submitted: 0 },
    outcome: outcome ?? null,
  };
}

/** Grade passbacks still waiting or given up on, newest first, for an admin to look into. */
export async function listLtiPassbacks(db: Database) {
  return db
    .select({
      id: jobs.id,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      runAfter: jobs.runAfter,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      payload: jobs.payload,
      // Who and where, for the admin screen; gone when the person or link was deleted since.
      studentFirstName: users.firstName,
      studentLastName: users.lastName,
      linkTitle: ltiResourceLinks.title,
      unitCode: units.unitCode,
      issuer: ltiPlatforms.issuer,
    })
    .from(jobs)
    .leftJoin(users, sql`${users.id}::text = ${jobs.payload}->>'userId'`)
    .leftJoin(ltiResourceLinks, sql`${ltiResourceLinks.id}::text = ${jobs.payload}->>'linkId'`)
    .leftJoin(units, eq(units.id, ltiResourceLinks.unitId))
    .leftJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(and(eq(jobs.kind, ltiScoreJobKind), inArray(jobs.status, ['queued', 'running', 'failed'])))
    .orderBy(desc(jobs.createdAt))
    .limit(200);
}

/**
 * A passback waiting or given up on goes again now, with a fresh set of attempts: an admin who
 * fixed the platform's side should not wait out the backoff. 'running' ones are left alone.
 */
export async function retryLtiPassback(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAfter: now, finishedAt: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.kind, ltiScoreJobKind), inArray(jobs.status, ['queued', 'failed'])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * A running passback gives up its dedupe key: it has already read the progress it will send, so a
 * grade recorded from now on needs a job of its own (the key only spares queuing twice while one waits).
 */
export async function releaseLtiScoreDedupe(db: Database, jobId: string): Promise<void> {
  await db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, jobId));
}
