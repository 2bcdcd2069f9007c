import { useSyncExternalStore } from 'react';
import { trpcClient } from '../../data-layer/trpc-client';
import {
  addQueuedCapture,
  askForPersistentStorage,
  assertRoomFor,
  CaptureStorageFullError,
  deleteQueuedCapture,
  type QueuedCapture,
  type QueuedGrant,
  queuedCapturesOf,
  saveQueuedCapture,
} from '../capture/capture-db';
import { askForBackgroundSync, retryDelayMs } from '../capture/send-triggers';
import { invalidateAfter } from '../live/event-invalidations';
import { toastError, toastSuccess } from '../toast/toast';
import { prepareEvidenceFile } from './prepare-evidence-file';
import { describeUploadFailure, explainNoAnswer, serverAnswers, uploadFailureText } from './upload-failure';
import { type BucketParts, discardParts, sendFile, UploadCancelledError } from './upload-transfer';

/**
 * Evidence uploads through the capture queue (issue 18). A chosen or captured file is prepared (type
 * fix-up, photo compression), written to IndexedDB (capture-db.ts) with a key made here, and only
 * then sent: one item at a time, oldest first, whenever there is a connection (send-triggers.ts says
 * when). One send: `student.evidence.requestUploadUrl` -> the bytes (one PUT, or resumable parts) ->
 * `student.evidence.record`, the first and last with the item's key, so a retry after any failure,
 * reload or restart is answered with the same object and the same evidence by the server.
 * A retry picks up where the last attempt stopped: an upload URL that is still good is reused, parts
 * already on the server are not sent again, and bytes that fully arrived are only recorded.
 */

export type UploadStage = 'preparing' | 'sending' | 'saving';

/** What a task card shows about one file on its way. */
export type TaskUpload =
  | { state: 'active'; stage: UploadStage; fileName: string; sent: number; total: number }
  | { state: 'waiting'; fileName: string; capturedAt: string }
  | { state: 'sent'; fileName: string }
  | {
      state: 'failed';
      fileName: string;
      reason: string | null;
      retryable: boolean;
      cancelled: boolean;
      /** Nothing answered: the card says it goes by itself once the connection is back. */
      offline: boolean;
    };

/** One file in the queue as the screens see it. */
export type QueueEntry = { key: string; taskId: string; view: TaskUpload };

type Entry = {
  key: string;
  userId: string;
  taskId: string;
  /** Absent while the file is being prepared, before it is in the queue. */
  item?: QueuedCapture;
  view: TaskUpload;
  controller: AbortController;
  lastEmit: number;
  /** Failed sends in a row, for the back-off. */
  failures: number;
  /** Not tried again before this time (ms since epoch). */
  notBefore: number;
};

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let owner: string | null = null;

function emit() {
  cachedLists.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function show(entry: Entry, view: TaskUpload) {
  entry.view = view;
  entry.lastEmit = performance.now();
  emit();
}

/** Progress events come every few milliseconds; ten repaints a second are plenty for a bar. */
function showProgress(entry: Entry, fileName: string, sent: number, total: number) {
  const now = performance.now();
  if (sent < total && now - entry.lastEmit < 100) return;
  show(entry, { state: 'active', stage: 'sending', fileName, sent, total });
}

function waitingView(item: QueuedCapture): TaskUpload {
  return { state: 'waiting', fileName: item.fileName, capturedAt: item.capturedAt };
}

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
async function remember(item: QueuedCapture): Promise<void> {
  await saveQueuedCapture(item).catch(() => {});
}

/** Sends one queued item; true when it is recorded, false when it should wait (or was refused). */
async function send(entry: Entry, item: QueuedCapture): Promise<boolean> {
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

function nextToSend(now: number): Entry | undefined {
  let best: Entry | undefined;
  for (const entry of entries.values()) {
    const { item } = entry;
    if (!item || item.userId !== owner || item.held || item.refusal || entry.notBefore > now) continue;
    if (entry.view.state === 'active' || entry.view.state === 'sent') continue;
    if (!best?.item || item.queuedAt < best.item.queuedAt) best = entry;
  }
  return best;
}

let pumping = false;
let wakeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends what is waiting, one item at a time (a weak link carries one file better than three), and
 * stops at the first failure: the rest wait for the next trigger or the back-off timer.
 */
export async function sendQueued(): Promise<void> {
  if (pumping || owner === null) return;
  pumping = true;
  try {
    while (navigator.onLine) {
      const entry = nextToSend(Date.now());
      if (!entry?.item) break;
      if (!(await send(entry, entry.item))) break;
    }
  } finally {
    pumping = false;
    scheduleWake();
  }
}

/** The connection is back (or the app is in front again): what waits goes now, back-off or not. */
export function sendNow(): void {
  for (const entry of entries.values()) {
    if (entry.view.state === 'waiting' || (entry.view.state === 'failed' && entry.view.retryable)) {
      entry.notBefore = 0;
    }
  }
  void sendQueued();
}

/** After a failure, tries again when its back-off ends, even if no event says the link is back. */
function scheduleWake() {
  clearTimeout(wakeTimer);
  let soonest = Number.POSITIVE_INFINITY;
  for (const entry of entries.values()) {
    const { item } = entry;
    if (!item || item.userId !== owner || item.held || item.refusal) continue;
    soonest = Math.min(soonest, entry.notBefore);
  }
  if (soonest === Number.POSITIVE_INFINITY) return;
  wakeTimer = setTimeout(() => void sendQueued(), Math.max(0, soonest - Date.now()));
}

/**
 * The signed-in person's queue: loaded from IndexedDB once they are known, then sent. Items of
 * anyone else who used this browser stay where they are until that person signs in again.
 */
export async function openQueueFor(userId: string): Promise<void> {
  if (owner === userId) return;
  owner = userId;
  const stored = await queuedCapturesOf(userId).catch(() => []);
  if (owner !== userId) return;
  for (const item of stored) {
    if (entries.has(item.key)) continue;
    entries.set(item.key, {
      key: item.key,
      userId,
      taskId: item.taskId,
      item,
      view: item.refusal
        ? {
            state: 'failed',
            fileName: item.fileName,
            reason: item.refusal,
            retryable: false,
            cancelled: false,
            offline: false,
          }
        : item.held
          ? {
              state: 'failed',
              fileName: item.fileName,
              reason: null,
              retryable: true,
              cancelled: true,
              offline: false,
            }
          : waitingView(item),
      controller: new AbortController(),
      lastEmit: 0,
      failures: 0,
      notBefore: 0,
    });
  }
  emit();
  await sendQueued();
}

/** Prepares `file`, keeps it in the queue, then sends it when it can; several may wait per task. */
export function startUpload(userId: string, taskId: string, file: File): void {
  const key = crypto.randomUUID();
  // The moment the student took or chose it; the assessor sees it as 'Captured'.
  const capturedAt = new Date().toISOString();
  const entry: Entry = {
    key,
    userId,
    taskId,
    view: { state: 'active', stage: 'preparing', fileName: file.name, sent: 0, total: file.size },
    controller: new AbortController(),
    lastEmit: 0,
    failures: 0,
    notBefore: 0,
  };
  entries.set(key, entry);
  emit();
  void (async () => {
    try {
      const prepared = await prepareEvidenceFile(file);
      await assertRoomFor(prepared.blob.size);
      const item: QueuedCapture = {
        key,
        userId,
        taskId,
        ...prepared,
        capturedAt,
        queuedAt: Date.now(),
        sentBefore: false,
        uploaded: false,
      };
      await addQueuedCapture(item);
      askForPersistentStorage();
      entry.item = item;
      show(entry, waitingView(item));
      if (!navigator.onLine) askForBackgroundSync();
      void sendQueued();
    } catch (error) {
      const full = error instanceof CaptureStorageFullError;
      const reason = full
        ? 'This phone is out of storage, so the file was not kept. Free up some space (or let the waiting files send first), then add it again.'
        : 'This file could not be read. Please choose it again.';
      show(entry, {
        state: 'failed',
        fileName: file.name,
        reason,
        retryable: false,
        cancelled: false,
        offline: false,
      });
      toastError(full ? 'Not enough storage' : 'Upload failed', reason);
    }
  })();
}

/** The entry a task card's controls speak about: the one sending, else the latest that failed. */
function focusOf(userId: string, taskId: string): Entry | undefined {
  let failed: Entry | undefined;
  for (const entry of entries.values()) {
    if (entry.userId !== userId || entry.taskId !== taskId) continue;
    if (entry.view.state === 'active') return entry;
    if (entry.view.state === 'failed') failed = entry;
  }
  return failed;
}

/** Tries a failed upload again now, with the file already prepared. */
export function retryUpload(userId: string, taskId: string): void {
  const entry = focusOf(userId, taskId);
  if (entry?.view.state !== 'failed' || !entry.item) return;
  entry.item.held = false;
  entry.notBefore = 0;
  show(entry, waitingView(entry.item));
  void remember(entry.item);
  void sendQueued();
}

export function cancelUpload(userId: string, taskId: string): void {
  const entry = focusOf(userId, taskId);
  if (entry?.view.state === 'active' && entry.view.stage !== 'saving') entry.controller.abort();
}

/** Takes a file out of the queue before it is sent; parts already on the server are thrown away. */
export function removeQueued(key: string): void {
  const entry = entries.get(key);
  if (!entry || entry.view.state === 'active' || entry.view.state === 'sent') return;
  const { item } = entry;
  // Parts the bucket keeps (S3) go when the sweep finds the grant unrecorded.
  if (item?.grant && item.sentBefore && !item.uploaded && item.grant.parts?.protocol === 'local') {
    discardParts(item.grant.uploadUrl);
  }
  entries.delete(key);
  emit();
  void deleteQueuedCapture(key).catch(() => {});
}

/** Forgets a failed upload and its file. */
export function discardUpload(userId: string, taskId: string): void {
  const entry = focusOf(userId, taskId);
  if (entry?.view.state === 'failed') removeQueued(entry.key);
}

/** The upload the task card's controls show, if any; re-renders only when it changes. */
export function useTaskUpload(userId: string, taskId: string): TaskUpload | undefined {
  return useSyncExternalStore(
    subscribe,
    () => focusOf(userId, taskId)?.view,
    () => undefined,
  );
}

/** A server render (server-render.tsx) has no uploads: this device's queue is the browser's alone. */
const noEntries: QueueEntry[] = [];

const cachedLists = new Map<string, QueueEntry[]>();

/** The task's files waiting, sending or just sent (not the one the controls already speak about). */
export function useTaskQueue(userId: string, taskId: string): QueueEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => {
      const id = `${userId}:${taskId}`;
      const cached = cachedLists.get(id);
      if (cached) return cached;
      const list: QueueEntry[] = [];
      for (const entry of entries.values()) {
        if (entry.userId !== userId || entry.taskId !== taskId) continue;
        if (entry.view.state === 'waiting' || entry.view.state === 'sent') {
          list.push({ key: entry.key, taskId, view: entry.view });
        }
      }
      // An empty queue is the server's very list, so taking a rendered page over finds nothing changed
      // (a fresh empty one made React render every card again, synchronously).
      const answer = list.length === 0 ? noEntries : list;
      cachedLists.set(id, answer);
      return answer;
    },
    () => noEntries,
  );
}

function waitingCount(): number {
  let n = 0;
  for (const entry of entries.values()) {
    if (entry.userId !== owner || !entry.item) continue;
    if (entry.view.state === 'waiting' || entry.view.state === 'active' || entry.view.state === 'failed') n++;
  }
  return n;
}

/** How many files are waiting to be sent (the top bar's badge). */
export function useQueuedCount(): number {
  return useSyncExternalStore(subscribe, waitingCount, () => 0);
}

function anyPreparing(): boolean {
  for (const entry of entries.values()) if (!entry.item && entry.view.state === 'active') return true;
  return false;
}

/** True while a file is being prepared and not yet in the queue (closing the tab then would lose it). */
export function useUploadsActive(): boolean {
  return useSyncExternalStore(subscribe, anyPreparing, () => false);
}
