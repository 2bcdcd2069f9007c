import type { JobHandler } from '@evident/api/jobs';
import type { JobPayload } from '@evident/core/job-kinds';
import type { Logger } from '@evident/core/logger';
import type { Database } from '@evident/db/client';
import { findLtiScoreFacts, releaseLtiScoreDedupe } from '@evident/db/queries/lti-passbacks';
import { createServiceTokens, postScore, type Score, scoreScopes } from '@evident/lti/grades';
import type { LtiTool } from './lti-tool';

type ScoreFacts = NonNullable<Awaited<ReturnType<typeof findLtiScoreFacts>>>;

/**
 * What the gradebook is told (issue 29 §4). The unit outcome, once one stands, is the grade:
 * Competent 100 of 100, Completed; Not Yet Competent 0, still InProgress; both FullyGraded. Before
 * that, progress: the share of tasks satisfactory, InProgress and Pending, and once every task is
 * satisfactory, Completed and PendingManual (the assessor's judgement of the unit is still to come).
 * A superseded outcome no longer stands, so the gradebook goes back to progress.
 */
export function scoreOf(facts: ScoreFacts, timestamp: string): Score {
  const { total, satisfied } = facts.progress;
  const tasks = `${satisfied} of ${total} tasks satisfactory`;
  if (facts.outcome?.outcome === 'competent') {
    const comment = `Competent (${tasks})`;
    return {
      userId: facts.platformUserId,
      scoreGiven: 100,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp,
      comment,
    };
  }
  if (facts.outcome) {
    const remaining = facts.outcome.remaining ? `: ${facts.outcome.remaining}` : '';
    return {
      userId: facts.platformUserId,
      scoreGiven: 0,
      scoreMaximum: 100,
      activityProgress: 'InProgress',
      gradingProgress: 'FullyGraded',
      timestamp,
      comment: `Not Yet Competent${remaining}`,
    };
  }
  const complete = total > 0 && satisfied === total;
  return {
    userId: facts.platformUserId,
    scoreGiven: total === 0 ? 0 : Math.round((satisfied / total) * 10000) / 100,
    scoreMaximum: 100,
    activityProgress: complete ? 'Completed' : 'InProgress',
    gradingProgress: complete ? 'PendingManual' : 'Pending',
    timestamp,
    comment: tasks,
  };
}

/**
 * `lti.score` jobs: the student's standing in the link's unit (`scoreOf`), as it is when the job
 * runs, posted to the link's line item. A throw is retried by the job worker with backoff.
 */
export function createLtiScoreJob(deps: {
  db: Database;
  tool: Promise<LtiTool>;
  log: Logger;
}): JobHandler<JobPayload<'lti.score'>> {
  let tokens: ReturnType<typeof createServiceTokens> | null = null;
  return {
    concurrency: 2,
    async run(payload, { job }) {
      const { linkId, userId } = payload;
      // Before reading the progress: a grade recorded while this runs then queues a job of its own
      // instead of being folded into this one (which would send the older progress and lose it).
      if (job.dedupeKey) await releaseLtiScoreDedupe(deps.db, job.id);
      const facts = await findLtiScoreFacts(deps.db, { linkId, userId });
      // The link lost its unit or column, or the person left: nothing to send.
      if (!facts) return;
      const tool = await deps.tool;
      tokens ??= createServiceTokens({ signer: () => tool.signer() });
      const score = scoreOf(facts, new Date().toISOString());
      const token = await tokens(facts.platform, scoreScopes);
      await postScore({ lineItemUrl: facts.lineItemUrl, token, score });
      deps.log.info(`LTI score ${score.scoreGiven}/100 (${score.activityProgress}) sent for link ${linkId}`);
    },
    async gaveUp(payload, error) {
      deps.log.warn(`LTI score for ${JSON.stringify(payload)} given up: ${error}`);
    },
  };
}
