import { useSyncExternalStore } from 'react';
import type { QueuedCapture } from '../capture/capture-db';

/**
 * Evidence uploads through the capture queue (issue 18), as the screens see them: each file's state
 * (preparing, waiting, sending, sent, failed) by task, kept here and read through React hooks.
 * upload-queue.ts adds files and decides which is sent when; upload-send.ts sends one.
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

/** One file in the queue, as the store keeps it. */
export type Entry = {
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

/** The files of this device's queue (and those being prepared), by their key. */
export const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let owner: string | null = null;

/** Whose queue is open: only the signed-in person's items are sent. */
export function queueOwner(): string | null {
  return owner;
}

export function setQueueOwner(userId: string): void {
  owner = userId;
}

export function emit(): void {
  cachedLists.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function show(entry: Entry, view: TaskUpload): void {
  entry.view = view;
  entry.lastEmit = performance.now();
  emit();
}

/** Progress events come every few milliseconds; ten repaints a second are plenty for a bar. */
export function showProgress(entry: Entry, fileName: string, sent: number, total: number) {
  const now = performance.now();
  if (sent < total && now - entry.lastEmit < 100) return;
  show(entry, { state: 'active', stage: 'sending', fileName, sent, total });
}

export function waitingView(item: QueuedCapture): TaskUpload {
  return { state: 'waiting', fileName: item.fileName, capturedAt: item.capturedAt };
}

/** The entry a task card's controls speak about: the one sending, else the latest that failed. */
export function focusOf(userId: string, taskId: string): Entry | undefined {
  let failed: Entry | undefined;
  for (const entry of entries.values()) {
    if (entry.userId !== userId || entry.taskId !== taskId) continue;
    if (entry.view.state === 'active') return entry;
    if (entry.view.state === 'failed') failed = entry;
  }
  return failed;
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
