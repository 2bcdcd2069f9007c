import { TRPCClientError } from '@trpc/client';
import { useSyncExternalStore } from 'react';
import { trpcClient } from '../../data-layer/trpc-client';
import { askForBackgroundSync, retryDelayMs } from '../capture/send-triggers';
import { invalidateAfter } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import { deleteQueuedObservation, queuedObservationsOf, saveQueuedObservation } from './observation-db';
import type { QueuedObservation } from './observation-types';

/**
 * The observation checklists' side of the capture queue (issue 29 §5): a signed checklist is written
 * to IndexedDB first and then sent, oldest first, whenever there is a connection; the same send
 * triggers as the files' (send-triggers.ts) and a back-off after a failure. Its clientKey makes the
 * server answer a retry with the first observation, so a checklist is recorded once however often it
 * is sent. A refusal (4xx) stays on the device, with its reason, until the assessor dismisses it.
 */

let owner: string | null = null;
let items: QueuedObservation[] = [];
let failures = 0;
let notBefore = 0;
let sending = false;
let wakeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(next: QueuedObservation[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in assessor's checklists still on this device, oldest first. */
export function useQueuedObservations(): QueuedObservation[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

/** Opens the assessor's queue from IndexedDB and sends what waits; another person's stays put. */
export async function openObservationQueueFor(userId: string): Promise<void> {
  if (owner === userId) return;
  owner = userId;
  const stored = await queuedObservationsOf(userId).catch(() => []);
  if (owner !== userId) return;
  emit(stored);
  await sendObservations();
}

/** Keeps a signed checklist on the device, then sends it when it can. Throws when the device cannot keep it. */
export async function queueObservation(item: QueuedObservation): Promise<void> {
  await saveQueuedObservation(item);
  emit([...items, item]);
  void sendObservations();
}

export async function dismissObservation(key: string): Promise<void> {
  await deleteQueuedObservation(key).catch(() => {});
  emit(items.filter((item) => item.key !== key));
}

/** The connection is back (or the app is in front again): what waits goes now, back-off or not. */
export function sendObservationsNow(): void {
  notBefore = 0;
  void sendObservations();
}

/** A refusal for good: the server answered 4xx (other than a timeout, a rate limit or signed out). */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const status: unknown = error.data?.httpStatus;
  if (typeof status !== 'number' || status >= 500 || [401, 408, 429].includes(status)) return null;
  return errorMessage(error, `The server refused this checklist (error ${status})`);
}

async function sendOne(item: QueuedObservation): Promise<boolean> {
  try {
    await invalidateAfter(trpcClient.assessor.observations.record.mutate(item.input), (recorded) => ({
      type: 'submission.created',
      submissionId: recorded.submissionId,
      taskId: item.input.taskId,
    }));
    await deleteQueuedObservation(item.key).catch(() => {});
    emit(items.filter((other) => other.key !== item.key));
    failures = 0;
    toastSuccess('Observation sent', `${item.taskTitle} for ${item.studentName}`);
    return true;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) {
      const refused = { ...item, refusal };
      await saveQueuedObservation(refused).catch(() => {});
      emit(items.map((other) => (other.key === item.key ? refused : other)));
      toastError('Observation not recorded', refusal);
      return true;
    }
    failures += 1;
    notBefore = Date.now() + retryDelayMs(failures);
    if (!navigator.onLine) askForBackgroundSync();
    return false;
  }
}

/** Sends what waits, one at a time, and stops at the first failure until a trigger or the back-off. */
async function sendObservations(): Promise<void> {
  if (sending || owner === null || Date.now() < notBefore) return;
  sending = true;
  try {
    while (navigator.onLine) {
      const next = items.find((item) => item.userId === owner && !item.refusal);
      if (!next || !(await sendOne(next))) break;
    }
  } finally {
    sending = false;
    clearTimeout(wakeTimer);
    if (items.some((item) => !item.refusal) && notBefore > Date.now())
      wakeTimer = setTimeout(() => void sendObservations(), notBefore - Date.now());
  }
}
