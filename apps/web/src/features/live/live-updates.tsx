import { useRouter } from '@tanstack/react-router';
import { trpc } from '../../data-layer/trpc-client';
import { useCurrentUser } from '../auth/use-current-user';
import { invalidateForLive } from './event-invalidations';

/**
 * The tab's one live stream, mounted once by the signed-in shell: what others change (new evidence,
 * grades, edited tasks) refetches on screen without a reload. tRPC's SSE link reconnects on its own
 * and resumes from the last event id; the server replays what was missed or says to refetch it all.
 *
 * Opened among the effects of the screen's first commit, as early as it can be, not deferred: a first
 * connection has no last event id to resume from, so what changes before it is open is not heard.
 */
export function LiveUpdates() {
  const user = useCurrentUser();
  const router = useRouter();
  const utils = trpc.useUtils();
  trpc.live.events.stream.useSubscription(undefined, {
    onData: (message) => {
      const event = message.data;
      void invalidateForLive(event).then(async () => {
        // Who is signed in lives in the router's context (the root route's beforeLoad), not in a query
        // on screen: a change to the person's own account (an admin approving a waiting assessor)
        // shows only once the router loads it again, from a fresh answer.
        if (event.type !== 'user.changed' || event.userId !== user?.id) return;
        await utils.auth.session.get.refetch();
        await router.invalidate();
      });
    },
  });
  return null;
}
