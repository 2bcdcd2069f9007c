import type { JobHandler } from '@evident/api/jobs';
import type { JobPayload } from '@evident/core/job-kinds';
import type { Logger } from '@evident/core/logger';
import type { Database } from '@evident/db/client';
import { enqueueJobs, type NewJob } from '@evident/db/queries/jobs';
import { deleteRetiredToolKeys, listToolKeyRetirements } from '@evident/db/queries/lti-tool-keys';

/**
 * A retired key is deleted this long after it stopped being published: by then no platform checks
 * anything it signed (our tokens live an hour, invitations a day, and it stopped signing at the
 * rotation), and servers whose clocks run a little behind have long stopped offering it too.
 */
export const retiredKeyKeepMs = 24 * 60 * 60 * 1000;

/**
 * One `lti.key-cleanup` job per retirement time, due when its keys may go (the dedupe key names the
 * time, so a rotation never waits behind an older cleanup).
 */
const keyCleanupJob = (retiresAt: Date): NewJob<'lti.key-cleanup'> => ({
  kind: 'lti.key-cleanup',
  payload: {},
  dedupeKey: `lti.key-cleanup:${retiresAt.toISOString()}`,
  runAfter: new Date(retiresAt.getTime() + retiredKeyKeepMs),
});

/** Run at start-up and after each rotation; asking again for a time already queued queues nothing. */
export async function queueKeyCleanups(db: Database): Promise<number> {
  const retirements = await listToolKeyRetirements(db);
  const queued = await enqueueJobs(db, retirements.map(keyCleanupJob));
  return queued.length;
}

/** Deletes every key retired longer ago than `retiredKeyKeepMs`; the private halves go with them. */
export function createKeyCleanupJob(deps: {
  db: Database;
  log: Logger;
}): JobHandler<JobPayload<'lti.key-cleanup'>> {
  return {
    async run() {
      const deleted = await deleteRetiredToolKeys(deps.db, new Date(Date.now() - retiredKeyKeepMs));
      if (deleted.length > 0) deps.log.info(`LTI: deleted retired signing keys ${deleted.join(', ')}`);
    },
  };
}
