import type { QueryClient } from '@tanstack/react-query';
import type { KnownEvent } from './event-invalidations';

/**
 * Issue 27: the changes this tab made itself. A mutation refetches what its change touches as soon as
 * it succeeds (invalidateFor); the server also publishes the change to every open tab, this one
 * included, and refetching the same list again when that echo arrived was a second request for
 * nothing (the grading screen fetched its submissions twice per decision). So each change the tab
 * refetched is noted here, and the stream drops its echo, once.
 *
 * The echo may come before the mutation's answer: the server publishes before it answers, and the two
 * travel on different connections. So while this tab has a change on its way to the server, the
 * stream's events wait for it to settle (a few seconds at most), and are then told apart.
 */

/** Long enough for an echo that queued behind a reconnecting stream; an echo later than this refetches. */
const echoWindowMs = 60_000;
/** A change that takes longer than this to answer no longer holds back what others changed. */
const maxHoldMs = 5_000;

type OwnChanges = {
  /** By the change's identity, when each noted one stops waiting for its echo. */
  noted: Map<string, number[]>;
  /** Changes sent outside TanStack Query's mutations (the upload queue's), still on their way. */
  sending: number;
  settledListeners: Set<() => void>;
};

const byCache = new WeakMap<QueryClient, OwnChanges>();

function ownChangesOf(queryClient: QueryClient): OwnChanges {
  let own = byCache.get(queryClient);
  if (!own) {
    own = { noted: new Map(), sending: 0, settledListeners: new Set() };
    byCache.set(queryClient, own);
  }
  return own;
}

/** What tells one change from another, in what the tab knows of it and what its echo carries alike. */
export function changeIdentity(event: KnownEvent): string {
  switch (event.type) {
    case 'submission.created':
      return `${event.type} ${event.submissionId}`;
    case 'evidence.withdrawn':
    case 'video.processed':
    case 'thumbnail.processed':
      return `${event.type} ${event.fileId}`;
    case 'submission.graded':
      return `${event.type} ${event.submissions
        .map((entry) => entry.submissionId)
        .sort()
        .join(' ')}`;
    case 'tasks.generated':
    case 'tasks.changed':
    case 'unit.changed':
      return `${event.type} ${event.unitId}`;
    case 'enrolment.created':
    case 'unitOutcome.changed':
      return `${event.type} ${event.studentId} ${event.unitId}`;
    case 'user.changed':
      return `${event.type} ${event.userId}`;
    case 'validation.changed':
      return `${event.type} ${event.roundId}`;
  }
}

/** This tab made the change and has refetched what it touches: its echo is not to refetch again. */
export function noteOwnChange(queryClient: QueryClient, event: KnownEvent): void {
  const { noted } = ownChangesOf(queryClient);
  const identity = changeIdentity(event);
  noted.set(identity, [...(noted.get(identity) ?? []), Date.now() + echoWindowMs]);
}

/** True, once per noted change, when the stream's event is the echo of one this tab made. */
export function takeEcho(queryClient: QueryClient, event: KnownEvent): boolean {
  const { noted } = ownChangesOf(queryClient);
  const identity = changeIdentity(event);
  const now = Date.now();
  const waiting = (noted.get(identity) ?? []).filter((until) => until > now);
  const echo = waiting.length > 0;
  if (echo) waiting.shift();
  if (waiting.length > 0) noted.set(identity, waiting);
  else noted.delete(identity);
  return echo;
}

function changing(queryClient: QueryClient): boolean {
  return queryClient.isMutating() > 0 || ownChangesOf(queryClient).sending > 0;
}

/** Resolves once none of this tab's changes is on its way (or after a few seconds). */
export function ownChangesSettled(queryClient: QueryClient): Promise<void> {
  if (!changing(queryClient)) return Promise.resolve();
  const own = ownChangesOf(queryClient);
  return new Promise((resolve) => {
    const check = () => {
      if (changing(queryClient)) return;
      done();
    };
    const done = () => {
      clearTimeout(timer);
      stopWatching();
      own.settledListeners.delete(check);
      resolve();
    };
    const timer = setTimeout(done, maxHoldMs);
    // A mutation leaves `pending` only after its onSuccess, which notes the change, has run.
    const stopWatching = queryClient.getMutationCache().subscribe(check);
    own.settledListeners.add(check);
  });
}

/**
 * A change sent through the plain tRPC client rather than a mutation hook (the upload queue's): the
 * stream waits for it as for a mutation, and `onAnswer` (which invalidates, and so notes the change)
 * runs before it stops waiting.
 */
export async function sendOwnChange<T>(
  queryClient: QueryClient,
  request: Promise<T>,
  onAnswer: (answer: T) => void,
): Promise<T> {
  const own = ownChangesOf(queryClient);
  own.sending++;
  try {
    const answer = await request;
    onAnswer(answer);
    return answer;
  } finally {
    own.sending--;
    for (const listener of [...own.settledListeners]) listener();
  }
}
