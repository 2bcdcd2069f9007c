import type { JobHandler } from '@evident/api/jobs';
import type { JobPayload } from '@evident/core/job-kinds';
import type { Logger } from '@evident/core/logger';
import type { Database } from '@evident/db/client';
import { findLtiScoreFacts, releaseLtiScoreDedupe } from '@evident/db/queries/lti-passbacks';
import { createServiceTokens, postScore, type Score, scoreScopes } from '@evident/lti/grades';
import type { LtiTool } from './lti-tool';

/**
 * `lti.score` jobs: the student's progress in the link's unit, as it is when the job runs, posted
 * to the link's line item. Complete (every task satisfactory) is 100 of 100, Completed and
 * FullyGraded; anything less is the share satisfactory so far, InProgress and Pending. A throw is
 * retried by the job worker with backoff.
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
      const { total, satisfied } = facts.progress;
      const complete = total > 0 && satisfied === total;
      const score: Score = {
        userId: facts.platformUserId,
        scoreGiven: total === 0 ? 0 : Math.round((satisfied / total) * 10000) / 100,
        scoreMaximum: 100,
        activityProgress: complete ? 'Completed' : 'InProgress',
        gradingProgress: complete ? 'FullyGraded' : 'Pending',
        timestamp: new Date().toISOString(),
        comment: `${satisfied} of ${total} tasks satisfactory`,
      };
      const token = await tokens(facts.platform, scoreScopes);
      await postScore({ lineItemUrl: facts.lineItemUrl, token, score });
      deps.log.info(`LTI score ${score.scoreGiven}/100 (${score.activityProgress}) sent for link ${linkId}`);
    },
    async gaveUp(payload, error) {
      deps.log.warn(`LTI score for ${JSON.stringify(payload)} given up: ${error}`);
    },
  };
}
