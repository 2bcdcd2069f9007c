import type { Logger } from '@evident/core/logger';
import type { Authenticator, SessionStore } from '@evident/core/ports/auth';
import type { JobQueue } from '@evident/core/ports/jobs';
import type { Database } from '@evident/db/client';
import { unstorableValueReason } from '@evident/db/errors';
import { LtiRefusal } from '@evident/lti/refusal';
import type { FastifyReply } from 'fastify';
import { refusalPage } from './lti-pages';
import type { LtiTool } from './lti-tool';

/** What every group of `/lti/*` routes is registered with. */
export type LtiRouteDeps = {
  db: Database;
  sessions: SessionStore;
  authenticator: Authenticator;
  log: Logger;
  tool: LtiTool;
  /** `ASSESSOR_SIGNUP`, which a teacher's first launch follows as a self-registration does. */
  assessorSignup: 'open' | 'approval';
  /** Woken after a launch queues mail (the admins told of a teacher waiting for approval). */
  jobs: JobQueue;
  /** Where links in mail no request of theirs caused point (PUBLIC_URL, or the network address). */
  publicUrl: string;
};

/** A posted form or a query, as the platforms send them. */
export type Form = Record<string, string | undefined>;

/** A handoff (into the iframe's tab, or out to a new window) is spent within this long. */
export const handoffTtlMs = 2 * 60 * 1000;

/** An `LtiRefusal` becomes a page saying why (status 4xx) and a log line with the detail; anything else is thrown on. */
export function refuse(log: Logger, reply: FastifyReply, where: string, thrown: unknown) {
  // A form or query field the database could not hold (a NUL, say) is the request's fault, not a 500.
  const unstorable = unstorableValueReason(thrown);
  const error = unstorable
    ? new LtiRefusal(
        'The request from the platform is not valid.',
        `the database refused a value: ${unstorable}`,
      )
    : thrown;
  if (!(error instanceof LtiRefusal)) throw error;
  log.warn(`LTI ${where} refused: ${error.detail}`);
  return reply
    .code(error.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(refusalPage(error.reason));
}
