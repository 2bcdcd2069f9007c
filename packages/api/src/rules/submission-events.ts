import type { EventBus } from '@evident/core/ports/events';
import type { Database } from '@evident/db/client';
import { findSubmissionSubject } from '@evident/db/queries/live';

/** `submission.created` for a committed submission: the ids a listener needs to know whose and where. */
export async function publishSubmissionCreated(
  deps: { db: Database; events: EventBus },
  submissionId: string,
): Promise<void> {
  const subject = await findSubmissionSubject(deps.db, { submissionId });
  if (subject) await deps.events.publish({ type: 'submission.created', submissionId, ...subject });
}

/** `video.processed` once a video's poster and playable copy are stored (or it failed). */
export async function publishVideoProcessed(
  deps: { db: Database; events: EventBus },
  file: { id: string; submissionId: string },
): Promise<void> {
  const subject = await findSubmissionSubject(deps.db, { submissionId: file.submissionId });
  if (subject) {
    await deps.events.publish({
      type: 'video.processed',
      fileId: file.id,
      submissionId: file.submissionId,
      studentId: subject.studentId,
    });
  }
}

/** `evidence.withdrawn` once a file's withdrawal committed. */
export async function publishEvidenceWithdrawn(
  deps: { db: Database; events: EventBus },
  file: { id: string; submissionId: string },
): Promise<void> {
  const subject = await findSubmissionSubject(deps.db, { submissionId: file.submissionId });
  if (subject) {
    await deps.events.publish({
      type: 'evidence.withdrawn',
      submissionId: file.submissionId,
      fileId: file.id,
      ...subject,
    });
  }
}
