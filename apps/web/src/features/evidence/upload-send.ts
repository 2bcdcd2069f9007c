import { trpcClient } from '../../data-layer/trpc-client';
import {
  deleteQueuedCapture,
  type QueuedCapture,
  type QueuedGrant,
  saveQueuedCapture,
} from '../capture/capture-db';
import { askForBackgroundSync, retryDelayMs } from '../capture/send-triggers';
import { invalidateAfter } from '../live/event-invalidations';
import { toastError, toastSuccess } from '../toast/toast';
import { describeUploadFailure, explainNoAnswer, serverAnswers, uploadFailureText } from './upload-failure';
import { type Entry, emit, entries, show, showProgress, waitingView } from './upload-store';
import { type BucketParts, sendFile, UploadCancelledError } from './upload-transfer';

/**
 * One send of a queued file (issue 18): `student.evidence.requestUploadUrl` -> the bytes (one PUT, or
 * resumable parts) -> `student.evidence.record`, the first and last with the item's key, so a retry
 * after any failure, reload or restart is answered with the same object and the same evidence by the
 * server. A retry picks up where the last attempt stopped: an upload URL that is still good is
 * reused, parts already on the server are not sent again, and bytes that fully arrived are only
 * recorded. A failure is written on the item, for the queue's back-off (upload-queue.ts).
 */

/** Parts kept by the bucket (S3) are listed and joined through the server, which holds the ETags. */
function bucketPartsOf(objectPath: string): BucketParts {
  return {
    list: (uploadId, signal) =>
      trpcClient.student.evidence.listUploadedParts.query({ objectPath, uploadId }, { signal }),
    async complete(uploadId, partCount, signal) {
      await trpcClient.student.evidence.completeUpload.mutate(
        { objectPath, uploadId, partCount },
        { signal },
      );
    },
  };
}

/** A URL this close to its expiry would die mid-transfer; ask for a fresh one instead. */
const urlMarginMs = 2 * 60_000;

function isUsable(grant: QueuedGrant | undefined): grant is QueuedGrant {
  return grant !== undefined && Date.parse(grant.expiresAt) - Date.now() > urlMarginMs;
}

/** Whether a new answer continues the old grant's bytes: the same object and, on S3, the same upload in parts. */
function sameUpload(previous: QueuedGrant | undefined, answer: QueuedGrant): boolean {
  if (previous?.objectPath !== answer.objectPath) return false;
  if (previous.parts?.protocol !== 's3') return true;
  return answer.parts?.protocol === 's3' && answer.parts.uploadId === previous.parts.uploadId;
}

/** Writes the item's progress so a reload resumes it; a failure to write never stops the send. */
export async function remember(item: QueuedCapture): Promise<void> {
  await saveQueuedCapture(item).catch(() => {});
}

/** Sends one queued item; true when it is recorded, false when it should wait (or was refused). */
export async function sendItem(entry: Entry, item: QueuedCapture): Promise<boolean> {
  entry.controller = new AbortController();
  const { signal } = entry.controller;
  const { blob, fileName, fileType } = item;
  show(entry, {
    state: 'active',
    stage: item.uploaded ? 'saving' : 'sending',
    fileName,
    sent: item.uploaded ? blob.size : 0,
    total: blob.size,
  });
  try {
    if (!item.uploaded) {
      const previous = item.grant;
      if (!isUsable(item.grant)) {
        // On S3 the bucket's upload in parts is named too, so parts sent before continue.
        const uploadId = previous?.parts?.protocol === 's3' ? previous.parts.uploadId : undefined;
        const answer = await trpcClient.student.evidence.requestUploadUrl.mutate(
          { fileName, fileType, fileSize: blob.size, clientKey: item.key, uploadId },
          { signal },
        );
        // The same key names the same object (and upload in parts): what was sent is still there.
        item.sentBefore = item.sentBefore && sameUpload(previous, answer);
        item.grant = answer;
        await remember(item);
      }
      const grant = item.grant;
      const resume = item.sentBefore;
      if (!item.sentBefore) {
        item.sentBefore = true;
        await remember(item);
      }
      await sendFile(grant, blob, {
        resume,
        signal,
        bucketParts: bucketPartsOf(grant.objectPath),
        onProgress: (sent, total) => showProgress(entry, fileName, sent, total),
      });
      item.uploaded = true;
      await remember(item);
    }
    const grant = item.grant;
    if (!grant) throw new Error('No upload URL');
    show(entry, { state: 'active', stage: 'saving', fileName, sent: blob.size, total: blob.size });
    // Not cancellable: once the bytes are stored, recording them is quick and idempotent.
    // The refetch is not awaited: on a weak link the next file goes at once, while the card
    // refreshes beside it.
    await invalidateAfter(
      trpcClient.student.evidence.record.mutate({
        taskId: item.taskId,
        fileName,
        fileType,
        objectPath: grant.objectPath,
        clientKey: item.key,
        capturedAt: item.capturedAt,
        // The declaration made at capture, dated then, not when signal returned.
        ...(item.declaration
          ? { declarationVersion: item.declaration.version, declaredAt: item.declaration.declaredAt }
          : {}),
      }),
      (recorded) => ({
        type: 'submission.created',
        submissionId: recorded.submission.id,
        taskId: item.taskId,
      }),
    );
    await deleteQueuedCapture(item.key).catch(() => {});
    toastSuccess('Evidence uploaded', 'Your evidence has been successfully uploaded');
    entry.item = undefined;
    show(entry, { state: 'sent', fileName });
    // 'Sent' stays a moment on the card, then the task's own status says the rest.
    setTimeout(() => {
      if (entries.get(entry.key)?.view.state === 'sent') {
        entries.delete(entry.key);
        emit();
      }
    }, 6000);
    return true;
  } catch (error) {
    // Cancelling while the upload URL is being asked for surfaces as a tRPC error, not as ours.
    const failure = await explainNoAnswer(
      describeUploadFailure(signal.aborted ? new UploadCancelledError() : error),
      item.uploaded ? undefined : item.grant?.uploadUrl,
      serverAnswers,
      window.location.origin,
    );
    if (failure.needsNewUrl) {
      item.uploaded = false;
      if (item.grant?.parts?.protocol === 's3') {
        // The bucket keeps the upload in parts after its URLs lapse: the next ask names it and continues.
        item.grant = { ...item.grant, expiresAt: new Date(0).toISOString() };
      } else {
        item.grant = undefined;
        item.sentBefore = false;
      }
    }
    if (failure.cancelled) item.held = true;
    else if (!failure.retryable) item.refusal = failure.reason ?? 'The server refused this file';
    await remember(item);
    entry.failures++;
    entry.notBefore = Date.now() + retryDelayMs(entry.failures);
    if (failure.noAnswer && !navigator.onLine && !failure.cancelled) {
      // No signal: the file simply waits, and goes by itself when the connection is back.
      show(entry, waitingView(item));
      askForBackgroundSync();
    } else {
      show(entry, {
        state: 'failed',
        fileName,
        reason: failure.reason,
        retryable: failure.retryable,
        cancelled: failure.cancelled,
        offline: failure.noAnswer,
      });
      if (!failure.cancelled) toastError('Upload failed', uploadFailureText(failure));
    }
    return false;
  }
}
