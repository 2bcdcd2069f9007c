import { trpc } from '../../trpc';
import { invalidateFor } from './event-invalidations';

/**
 * The tab's one live stream, mounted once by the signed-in shell: what others change (new evidence,
 * grades, edited tasks) refetches on screen without a reload. tRPC's SSE link reconnects on its own
 * and resumes from the last event id; the server replays what was missed or says to refetch it all.
 */
export function LiveUpdates() {
  trpc.live.events.useSubscription(undefined, {
    onData: (message) => void invalidateFor(message.data),
  });
  return null;
}
