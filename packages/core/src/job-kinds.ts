import type { DomainEvent } from './events';
import type { GradeStatus } from './grading';
import type { MailMessage } from './ports/mailer';

/** A student told their work was graded: one job per student a grading request decided for. */
export type GradedMailPayload = {
  studentId: string;
  taskIds: string[];
  outcome: GradeStatus;
  comment: string | null;
  strategies: string | null;
  /** When the decision was made (ISO); a job queued by a server from before it was kept has none. */
  decidedAt?: string;
};

/**
 * One morning's digests of evidence waiting for assessors: `day` is the organisation's date
 * (2026-11-27), `dueAt` the moment its clock shows the digest hour that day (ISO).
 */
export type WaitingWorkDigestPayload = { day: string; dueAt: string };

/**
 * Every kind of background job (a row of the `jobs` table) and the payload its row carries. Each kind
 * has one function that builds its job, named beside it, and one handler, registered in
 * apps/server/src/services.ts; a kind missing here cannot be queued, and a payload of the wrong shape
 * does not type-check.
 */
export type JobPayloads = {
  /** A recorded photo's thumbnail: `thumbnailJob` (packages/db/src/queries/thumbnail-jobs.ts). */
  thumbnail: { fileId: string };
  /** A recorded video's poster and playable copy: `videoJob` (packages/db/src/queries/video-jobs.ts). */
  video: { fileId: string };
  /** A mail to send: `mailJob` (packages/api/src/jobs/mail-job.ts). */
  mail: MailMessage;
  /** A graded student's mail, if they still want it when it runs: `gradedMailJob` (packages/api/src/jobs/graded-mail-job.ts). */
  'graded-mail': GradedMailPayload;
  /** An event that failed to publish when its change committed: `eventJob` (packages/api/src/jobs/event-job.ts). */
  event: DomainEvent;
  /** Grade passback to an LMS for one link and student: `ltiScoreJob` (packages/db/src/queries/lti-passbacks.ts). */
  'lti.score': { linkId: string; userId: string };
  /** Deleting tool keys retired a day ago: `keyCleanupJob` (apps/server/src/lti/lti-key-cleanup-job.ts). */
  'lti.key-cleanup': Record<string, never>;
  /**
   * One a day, at 7 in the morning the organisation's time: a `mail` to each assessor with evidence
   * waiting who has not turned it off: `waitingWorkDigestJob` (packages/api/src/jobs/waiting-work-digest-job.ts).
   */
  'waiting-work-digest': WaitingWorkDigestPayload;
  /** Building an audit pack's zip into storage: `auditPackJob` (apps/server/src/audit-pack/audit-pack-job.ts). */
  'audit-pack': { packId: string };
};

export type JobKind = keyof JobPayloads;
export type JobPayload<K extends JobKind> = JobPayloads[K];
