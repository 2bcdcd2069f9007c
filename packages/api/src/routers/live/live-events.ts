import { type EventViewer, eventForViewer } from '@evident/core/event-audience';
import type { DomainEvent } from '@evident/core/events';
import type { Principal } from '@evident/core/principal';
import { text } from '@evident/core/text-fields';
import { seesClassesOnly } from '@evident/db/queries/class-scope';
import { listEnrolledUnitIds } from '@evident/db/queries/live';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { type FeedEntry, feedOf } from './event-feed';
import { studentsSeenBy } from './event-scope';

/** tRPC's SSE link sends back the id of the last message it received when it reconnects. */
export const liveEventsInput = z
  .object({ lastEventId: text({ label: 'lastEventId', max: 100 }).nullish() })
  .nullish();

/**
 * What a live stream carries: domain events (ids only), `connected` when a fresh stream opens, and
 * `resync` when the server cannot replay what a reconnecting client missed, so it refetches everything.
 */
export type LiveMessage = DomainEvent | { type: 'connected' } | { type: 'resync' };

/** A client this far behind is better served by refetching than by a backlog of invalidations. */
const maxQueued = 500;

type Viewer = EventViewer & { unitIds: Set<string>; classesOnly: boolean };

/**
 * How often an open stream checks that its session still resolves as it did when it opened. Sign-out
 * and a password reset end sessions in the database, possibly on another instance, so a periodic read
 * is what notices them everywhere; a change to the person's own account is checked at once as well.
 */
export const sessionRecheckMs = 3_000;

/**
 * Who a stream serves, as far as what it may carry depends on it: one string, to compare. The stream
 * asks the seam (`authenticator.recheck`) with the same rules every request meets, so a stream ends
 * exactly when a request would now be served as someone else, or as no one: signed out, deactivated,
 * role or approval changed, or an admin's viewing-as ended (which serves the admin as themselves).
 */
function standingKey(principal: Principal | null): string | null {
  if (!principal) return null;
  const { realUser, actingAs } = principal;
  return JSON.stringify([realUser.id, realUser.role, actingAs.id, actingAs.role, actingAs.approved]);
}

/**
 * Ends a stream the way tRPC's own time limit does: the response closes without a final `return`
 * event, so the browser's EventSource reconnects through a fresh context, which either refuses a
 * signed-out person or serves the new role, approval or identity, replaying what was missed.
 */
function endOfStanding(): DOMException {
  return new DOMException('The session behind this stream changed', 'AbortError');
}

async function viewerOf(ctx: AuthedContext): Promise<Viewer> {
  const { id, role, awaitingApproval } = ctx.user;
  const unitIds = new Set(role === 'student' ? await listEnrolledUnitIds(ctx.db, { studentId: id }) : []);
  const classesOnly = role === 'assessor' && (await seesClassesOnly(ctx.db, id));
  return { userId: id, role, awaitingApproval, unitIds, classesOnly };
}

/**
 * What of the entry the viewer is sent: the event (or their part of it), nothing, or `resync` when
 * their class scope could not be read, so the client refetches through the scoped procedures.
 */
async function visible(ctx: AuthedContext, entry: FeedEntry, viewer: Viewer): Promise<LiveMessage | null> {
  const { event } = entry;
  // A student's own new enrolment widens what they hear from now on.
  if (event.type === 'enrolment.created' && event.studentId === viewer.userId)
    viewer.unitIds.add(event.unitId);
  try {
    return eventForViewer(event, viewer, await studentsSeenBy(ctx.db, entry, viewer));
  } catch (error) {
    ctx.log.warn(`live stream could not read an event's class scope: ${String(error)}`);
    return { type: 'resync' };
  }
}

/**
 * The signed-in person's live stream: replays what they missed when `lastEventId` is one this server
 * still holds, asks for a resync when it is not, then follows new events until the client leaves.
 */
export async function* liveEvents(
  ctx: AuthedContext,
  input: z.infer<typeof liveEventsInput>,
  signal: AbortSignal | undefined,
) {
  const feed = feedOf(ctx.events);
  const queue: FeedEntry[] = [];
  let wake: (() => void) | null = null;
  let overflowed = false;
  let ended = false;
  const expected = standingKey(ctx.principal);
  const recheck = async () => {
    if (ended) return;
    try {
      if (standingKey(await ctx.authenticator.recheck(ctx.principal)) === expected) return;
    } catch (error) {
      // A database that cannot answer cannot vouch for the session either: the client reconnects.
      ctx.log.warn(`live stream could not recheck its session: ${String(error)}`);
    }
    ended = true;
    wake?.();
  };
  const ownIds = new Set([ctx.realUserId, ctx.user.id]);
  const stop = feed.listen((entry) => {
    if (entry.event.type === 'user.changed' && ownIds.has(entry.event.userId)) void recheck();
    if (queue.length >= maxQueued) overflowed = true;
    else queue.push(entry);
    wake?.();
  });
  const timer = setInterval(() => void recheck(), sessionRecheckMs);
  timer.unref?.();
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
          const message = await visible(ctx, entry, viewer);
          if (message) yield tracked(feed.idOf(entry.seq), message);
        }
        // Moves the client's last id up past events it was not shown, so its next resume is short.
        yield tracked(feed.idOf(sent), { type: 'connected' } as LiveMessage);
      }
    }
    while (!signal?.aborted) {
      if (ended) throw endOfStanding();
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
      const message = await visible(ctx, entry, viewer);
      if (message) yield tracked(feed.idOf(entry.seq), message);
    }
  } finally {
    clearInterval(timer);
    stop();
    stopResync();
    signal?.removeEventListener('abort', onAbort);
  }
}
