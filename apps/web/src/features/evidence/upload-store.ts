import { useSyncExternalStore } from 'react';
import { trpcClient, trpcUtils } from '../../trpc';
import { toastError, toastSuccess } from '../toast/toast';
import { type PreparedEvidence, prepareEvidenceFile } from './prepare-evidence-file';
import { describeUploadFailure, explainNoAnswer, serverAnswers, uploadFailureText } from './upload-failure';
import {
  type BucketParts,
  discardParts,
  sendFile,
  UploadCancelledError,
  type UploadTarget,
} from './upload-transfer';

/**
 * Evidence uploads, one per task at a time, kept outside React so that they go on while the student
 * moves between screens, and so that a failed one keeps its prepared file for a retry without
 * choosing it again (for as long as the page stays open).
 *
 * One upload: prepare (type fix-up, photo compression) -> `student.uploadUrl` -> send the bytes
 * (one PUT, or resumable parts) -> `student.recordEvidence` -> refresh the task list and the task's
 * evidence. A retry picks up where the last attempt stopped: the prepared file is reused, an upload
 * URL that is still good is reused, parts already on the server are not sent again, and bytes that
 * fully arrived are only recorded.
 */

export type UploadStage = 'preparing' | 'sending' | 'saving';

/** What a task card shows about its upload. */
export type TaskUpload =
  | { state: 'active'; stage: UploadStage; fileName: string; sent: number; total: number }
  | {
      state: 'failed';
      fileName: string;
      reason: string | null;
      retryable: boolean;
      cancelled: boolean;
      /** Nothing answered: the card says to retry once the connection is back. */
      offline: boolean;
    };

type Grant = UploadTarget & { objectPath: string; expiresAt: string };

type Attempt = {
  userId: string;
  taskId: string;
  source: File;
  prepared?: PreparedEvidence;
  grant?: Grant;
  /** Bytes went to `grant` before: a parted upload lists what arrived instead of starting over. */
  sentBefore: boolean;
  /** Every byte reached storage; only recording is left. */
  uploaded: boolean;
  controller: AbortController;
  view: TaskUpload;
  lastEmit: number;
};

const attempts = new Map<string, Attempt>();
const listeners = new Set<() => void>();

const keyOf = (userId: string, taskId: string) => `${userId}:${taskId}`;

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function show(attempt: Attempt, view: TaskUpload) {
  attempt.view = view;
  attempt.lastEmit = performance.now();
  emit();
}

/** Progress events come every few milliseconds; ten repaints a second are plenty for a bar. */
function showProgress(attempt: Attempt, sent: number, total: number) {
  const now = performance.now();
  if (sent < total && now - attempt.lastEmit < 100) return;
  show(attempt, { state: 'active', stage: 'sending', fileName: fileNameOf(attempt), sent, total });
}

function fileNameOf(attempt: Attempt): string {
  return attempt.prepared?.fileName ?? attempt.source.name;
}

/** Parts kept by the bucket (S3) are listed and joined through the server, which holds the ETags. */
function bucketPartsOf(objectPath: string): BucketParts {
  return {
    list: (uploadId, signal) => trpcClient.student.uploadParts.query({ objectPath, uploadId }, { signal }),
    async complete(uploadId, partCount, signal) {
      await trpcClient.student.completeUpload.mutate({ objectPath, uploadId, partCount }, { signal });
    },
  };
}

/** A URL this close to its expiry would die mid-transfer; ask for a fresh one instead. */
const urlMarginMs = 2 * 60_000;

function isUsable(grant: Grant | undefined): grant is Grant {
  return grant !== undefined && Date.parse(grant.expiresAt) - Date.now() > urlMarginMs;
}

async function run(key: string, attempt: Attempt): Promise<void> {
  attempt.controller = new AbortController();
  const { signal } = attempt.controller;
  show(attempt, {
    state: 'active',
    stage: attempt.uploaded ? 'saving' : 'preparing',
    fileName: fileNameOf(attempt),
    sent: 0,
    total: attempt.prepared?.blob.size ?? attempt.source.size,
  });
  try {
    attempt.prepared ??= await prepareEvidenceFile(attempt.source);
    const { blob, fileName, fileType } = attempt.prepared;
    if (signal.aborted) throw new UploadCancelledError();

    if (!attempt.uploaded) {
      if (!isUsable(attempt.grant)) {
        attempt.grant = await trpcClient.student.uploadUrl.mutate(
          { fileName, fileType, fileSize: blob.size },
          { signal },
        );
        attempt.sentBefore = false;
      }
      const grant = attempt.grant;
      showProgress(attempt, 0, blob.size);
      const resume = attempt.sentBefore;
      attempt.sentBefore = true;
      await sendFile(grant, blob, {
        resume,
        signal,
        bucketParts: bucketPartsOf(grant.objectPath),
        onProgress: (sent, total) => showProgress(attempt, sent, total),
      });
      attempt.uploaded = true;
    }

    const grant = attempt.grant;
    if (!grant) throw new Error('No upload URL');
    show(attempt, { state: 'active', stage: 'saving', fileName, sent: blob.size, total: blob.size });
    // Not cancellable: once the bytes are stored, recording them is quick and idempotent.
    await trpcClient.student.recordEvidence.mutate({
      taskId: attempt.taskId,
      fileName,
      fileType,
      objectPath: grant.objectPath,
    });
    toastSuccess('Evidence uploaded', 'Your evidence has been successfully uploaded');
    // The marker stays until the refreshed card (now submitted) is there to replace it.
    await Promise.allSettled([
      trpcUtils.student.tasks.invalidate(),
      trpcUtils.student.evidence.invalidate({ taskId: attempt.taskId }),
    ]);
    attempts.delete(key);
    emit();
  } catch (error) {
    // Cancelling while the upload URL is being asked for surfaces as a tRPC error, not as ours.
    const failure = await explainNoAnswer(
      describeUploadFailure(signal.aborted ? new UploadCancelledError() : error),
      attempt.uploaded ? undefined : attempt.grant?.uploadUrl,
      serverAnswers,
      window.location.origin,
    );
    if (failure.needsNewUrl) {
      attempt.grant = undefined;
      attempt.uploaded = false;
    }
    show(attempt, {
      state: 'failed',
      fileName: fileNameOf(attempt),
      reason: failure.reason,
      retryable: failure.retryable,
      cancelled: failure.cancelled,
      offline: failure.noAnswer,
    });
    if (!failure.cancelled) toastError('Upload failed', uploadFailureText(failure));
  }
}

/** Starts uploading `file` as evidence for a task; ignored while that task already has an upload running. */
export function startUpload(userId: string, taskId: string, file: File): void {
  const key = keyOf(userId, taskId);
  if (attempts.get(key)?.view.state === 'active') return;
  const attempt: Attempt = {
    userId,
    taskId,
    source: file,
    sentBefore: false,
    uploaded: false,
    controller: new AbortController(),
    view: { state: 'active', stage: 'preparing', fileName: file.name, sent: 0, total: file.size },
    lastEmit: 0,
  };
  attempts.set(key, attempt);
  void run(key, attempt);
}

/** Tries a failed upload again with the file already prepared. */
export function retryUpload(userId: string, taskId: string): void {
  const key = keyOf(userId, taskId);
  const attempt = attempts.get(key);
  if (attempt?.view.state !== 'failed') return;
  void run(key, attempt);
}

export function cancelUpload(userId: string, taskId: string): void {
  const attempt = attempts.get(keyOf(userId, taskId));
  if (attempt?.view.state === 'active' && attempt.view.stage !== 'saving') attempt.controller.abort();
}

/** Forgets a failed upload and its file; parts already on the server are thrown away. */
export function discardUpload(userId: string, taskId: string): void {
  const key = keyOf(userId, taskId);
  const attempt = attempts.get(key);
  if (attempt?.view.state !== 'failed') return;
  // Parts the bucket keeps (S3) go when the sweep finds the grant unrecorded.
  if (attempt.grant && attempt.sentBefore && !attempt.uploaded && attempt.grant.parts?.protocol === 'local') {
    discardParts(attempt.grant.uploadUrl);
  }
  attempts.delete(key);
  emit();
}

/** The upload of one task, if any; re-renders only when it changes. */
export function useTaskUpload(userId: string, taskId: string): TaskUpload | undefined {
  return useSyncExternalStore(subscribe, () => attempts.get(keyOf(userId, taskId))?.view);
}

function anyActive(): boolean {
  for (const attempt of attempts.values()) if (attempt.view.state === 'active') return true;
  return false;
}

/** True while any upload is running (to warn before the tab is closed). */
export function useUploadsActive(): boolean {
  return useSyncExternalStore(subscribe, anyActive);
}
