import {
  addQueuedCapture,
  askForPersistentStorage,
  assertRoomFor,
  CaptureStorageFullError,
  deleteQueuedCapture,
  type QueuedCapture,
  type QueuedDeclaration,
  queuedCapturesOf,
} from '../capture/capture-db';
import { askForBackgroundSync } from '../capture/send-triggers';
import { toastError } from '../toast/toast';
import { prepareEvidenceFile } from './prepare-evidence-file';
import { remember, sendItem } from './upload-send';
import {
  type Entry,
  emit,
  entries,
  focusOf,
  queueOwner,
  setQueueOwner,
  show,
  waitingView,
} from './upload-store';
import { discardParts } from './upload-transfer';

/**
 * The capture queue's sending (issue 18): files are added here (prepared, then kept in IndexedDB
 * before anything is sent) and sent one at a time, oldest first, whenever there is a connection
 * (send-triggers.ts says when), or when a failed send's back-off ends (the wake timer below).
 */

function nextToSend(now: number): Entry | undefined {
  let best: Entry | undefined;
  for (const entry of entries.values()) {
    const { item } = entry;
    if (!item || item.userId !== queueOwner() || item.held || item.refusal || entry.notBefore > now) continue;
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
  if (pumping || queueOwner() === null) return;
  pumping = true;
  try {
    while (navigator.onLine) {
      const entry = nextToSend(Date.now());
      if (!entry?.item) break;
      if (!(await sendItem(entry, entry.item))) break;
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
    if (!item || item.userId !== queueOwner() || item.held || item.refusal) continue;
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
  if (queueOwner() === userId) return;
  setQueueOwner(userId);
  const stored = await queuedCapturesOf(userId).catch(() => []);
  if (queueOwner() !== userId) return;
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

/**
 * Prepares `file`, keeps it in the queue, then sends it when it can; several may wait per task.
 * `declaration`: what the student confirmed just before choosing it, kept with the file.
 */
export function startUpload(
  userId: string,
  taskId: string,
  file: File,
  declaration?: QueuedDeclaration,
): void {
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
        ...(declaration ? { declaration } : {}),
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
