import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@evident/core/events';
import type { EventBus } from '@evident/core/ports/events';

/** An event as this server numbered it: `${bootId}:${seq}` is the SSE id a reconnecting client sends back. */
export type FeedEntry = { seq: number; event: DomainEvent };

export type EventFeed = {
  /** Ids from another boot (a restart, another instance) are unknown here: the caller must resync. */
  idOf(seq: number): string;
  seqOf(id: string): number | null;
  head(): number;
  /** Entries after `seq`, or null when the ring no longer reaches back that far. */
  since(seq: number): FeedEntry[] | null;
  listen(listener: (entry: FeedEntry) => void): () => void;
  /** Called when the bus may have missed events (see EventBus.onResync): streams tell clients to resync. */
  onResync(listener: () => void): () => void;
};

/** Enough for a phone that lost its signal for a minute in a busy college; older gaps refetch everything. */
export const feedCapacity = 1000;

/**
 * One server's recent events, numbered, kept in a ring so a dropped stream can resume where it
 * stopped. One feed per bus, subscribed once, however many streams are open.
 */
export function createEventFeed(bus: EventBus, capacity = feedCapacity): EventFeed {
  const bootId = randomUUID().slice(0, 8);
  const ring: FeedEntry[] = [];
  const listeners = new Set<(entry: FeedEntry) => void>();
  const resyncListeners = new Set<() => void>();
  let seq = 0;

  bus.subscribe((event) => {
    seq += 1;
    const entry = { seq, event };
    ring.push(entry);
    if (ring.length > capacity) ring.shift();
    for (const listener of listeners) listener(entry);
  });
  bus.onResync?.(() => {
    // A gap no replay can fill: a client resuming from before it refetches everything instead.
    ring.length = 0;
    for (const listener of resyncListeners) listener();
  });

  return {
    idOf: (n) => `${bootId}:${n}`,
    seqOf(id) {
      const [boot, n] = id.split(':');
      const parsed = Number(n);
      return boot === bootId && Number.isSafeInteger(parsed) && parsed >= 0 && parsed <= seq ? parsed : null;
    },
    head: () => seq,
    since(after) {
      const oldest = ring[0]?.seq ?? seq + 1;
      if (after < oldest - 1) return null;
      return ring.filter((entry) => entry.seq > after);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
  };
}

const feeds = new WeakMap<EventBus, EventFeed>();

/** The feed of a server's bus, made on the first stream that asks for it. */
export function feedOf(bus: EventBus): EventFeed {
  let feed = feeds.get(bus);
  if (!feed) {
    feed = createEventFeed(bus);
    feeds.set(bus, feed);
  }
  return feed;
}
