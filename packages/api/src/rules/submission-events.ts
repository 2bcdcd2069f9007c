import type { DomainEvent } from '@evident/core/events';
import type { EventBus } from '@evident/core/ports/events';
import type { Database } from '@evident/db/client';
import { findSubmissionSubject } from '@evident/db/queries/live';

type EventDeps = { db: Database; events: EventBus };
type SubmissionSubject = NonNullable<Awaited<ReturnType<typeof findSubmissionSubject>>>;

/** Every submission event names whose it is and where: look that up, and publish nothing if it is gone. */
async function publishForSubmission(
  deps: EventDeps,
  submissionId: string,
  eventOf: (subject: SubmissionSubject) => DomainEvent,
): Promise<void> {
  const subject = await findSubmissionSubject(deps.db, { submissionId });
  if (subject) await deps.events.publish(eventOf(subject));
}

/** `submission.created` for a committed submission: the ids a listener needs to know whose and where. */
export async function publishSubmissionCreated(deps: EventDeps, submissionId: string): Promise<void> {
  await publishForSubmission(deps, submissionId, (subject) => ({
    type: 'submission.created',
    submissionId,
    ...subject,
  }));
}

/** `video.processed` once a video's poster and playable copy are stored (or it failed). */
export async function publishVideoProcessed(
  deps: EventDeps,
  file: { id: string; submissionId: string },
): Promise<void> {
  await publishForSubmission(deps, file.submissionId, (subject) => ({
    type: 'video.processed',
    fileId: file.id,
    submissionId: file.submissionId,
    studentId: subject.studentId,
  }));
}

/** `thumbnail.processed` once a photo's thumbnail is stored (or could not be made). */
export async function publishThumbnailProcessed(
  deps: EventDeps,
  file: { id: string; submissionId: string },
): Promise<void> {
  await publishForSubmission(deps, file.submissionId, (subject) => ({
    type: 'thumbnail.processed',
    fileId: file.id,
    submissionId: file.submissionId,
    studentId: subject.studentId,
  }));
}

/** `evidence.withdrawn` once a file's withdrawal committed. */
export async function publishEvidenceWithdrawn(
  deps: EventDeps,
  file: { id: string; submissionId: string },
): Promise<void> {
  await publishForSubmission(deps, file.submissionId, (subject) => ({
    type: 'evidence.withdrawn',
    submissionId: file.submissionId,
    fileId: file.id,
    ...subject,
  }));
}
