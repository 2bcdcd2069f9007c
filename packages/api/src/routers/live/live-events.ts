import { type EventViewer, eventForViewer } from '@evident/core/event-audience';
import type { DomainEvent } from '@evident/core/events';
import { listEnrolledUnitIds } from '@evident/db/queries/live';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../../context';
import { type FeedEntry, feedOf } from './event-feed';

/** tRPC's SSE link sends back the id of the last message it received when it reconnects. */
export const liveEventsInput = z.object({ lastEventId: z.string().max(100).nullish() }).nullish();

/**
 * What a live stream carries: domain events (ids only), `connected` when a fresh stream opens, and
 * `resync` when the server cannot replay what a reconnecting client missed, so it refetches everything.
 */
export type LiveMessage = DomainEvent | { type: 'connected' } | { type: 'resync' };

/** A client this far behind is better served by refetching than by a backlog of invalidations. */
const maxQueued = 500;

type Viewer = EventViewer & { unitIds: Set<string> };

async function viewerOf(ctx: Context & { user: NonNullable<Context['user']> }): Promise<Viewer> {
  const { id, role } = ctx.user;
  const unitIds = new Set(role === 'student' ? await listEnrolledUnitIds(ctx.db, { studentId: id }) : []);
  return { userId: id, role, unitIds };
}

function visible(entry: FeedEntry, viewer: Viewer): DomainEvent | null {
  const { event } = entry;
  // A student's own new enrolment widens what they hear from now on.
  if (event.type === 'enrolment.created' && event.studentId === viewer.userId)
    viewer.unitIds.add(event.unitId);
  return eventForViewer(event, viewer);
}

/**
 * The signed-in person's live stream: replays what they missed when `lastEventId` is one this server
 * still holds, asks for a resync when it is not, then follows new events until the client leaves.
 */
export async function* liveEvents(
  ctx: Context & { user: NonNullable<Context['user']> },
  input: z.infer<typeof liveEventsInput>,
  signal: AbortSignal | undefined,
) {
  const feed = feedOf(ctx.events);
  const queue: FeedEntry[] = [];
  let wake: (() => void) | null = null;
  let overflowed = false;
  const stop = feed.listen((entry) => {
    if (queue.length >= maxQueued) overflowed = true;
    else queue.push(entry);
    wake?.();
  });
  // Events from other servers may have been lost meanwhile: the client refetches everything.
  const stopResync = feed.onResync(() => {
    overflowed = true;
    wake?.();
  });
  // Whatever arrives after this point is in the queue; whatever came before, in the ring.
  let sent = feed.head();
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    const viewer = await viewerOf(ctx);
    const lastEventId = input?.lastEventId ?? null;
    if (lastEventId === null) {
      yield tracked(feed.idOf(sent), { type: 'connected' } as LiveMessage);
    } else {
      const after = feed.seqOf(lastEventId);
      const missed = after === null ? null : feed.since(after);
      if (missed === null) yield tracked(feed.idOf(sent), { type: 'resync' } as LiveMessage);
      else {
        for (const entry of missed.filter((e) => e.seq <= sent)) {
          const event = visible(entry, viewer);
          if (event) yield tracked(feed.idOf(entry.seq), event as LiveMessage);
        }
        // Moves the client's last id up past events it was not shown, so its next resume is short.
        yield tracked(feed.idOf(sent), { type: 'connected' } as LiveMessage);
      }
    }
    while (!signal?.aborted) {
      if (overflowed) {
        overflowed = false;
        queue.length = 0;
        sent = feed.head();
        yield tracked(feed.idOf(sent), { type: 'resync' } as LiveMessage);
        continue;
      }
      const entry = queue.shift();
      if (!entry) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      if (entry.seq <= sent) continue;
      sent = entry.seq;
      const event = visible(entry, viewer);
      if (event) yield tracked(feed.idOf(entry.seq), event as LiveMessage);
    }
  } finally {
    stop();
    stopResync();
    signal?.removeEventListener('abort', onAbort);
  }
}
