import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { trpc } from '../../data-layer/trpc-client';
import { forgetStudentQueries } from '../capture/persisted-cache';
import { forgetTabSession } from '../lti/tab-session';

/** Log out: the server call's errors are ignored (spec section 7), then the cache (and its offline copy) is dropped and the app goes to /. */
export function useLogOut() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const logout = trpc.auth.session.logout.useMutation();

  async function logOut() {
    try {
      await logout.mutateAsync();
    } catch {
      // Deliberately ignored: the visitor asked to leave, so leave either way.
    }
    forgetTabSession();
    queryClient.clear();
    // The last known tasks kept for offline use (issue 18) leave with the person.
    await forgetStudentQueries();
    await router.navigate({ to: '/' });
    // Re-run the root beforeLoad even when already on /, so the layout sees the signed-out user.
    await router.invalidate();
  }

  return { logOut, isLoggingOut: logout.isPending };
}
