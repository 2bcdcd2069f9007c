import type { CurrentUser } from '@evident/core/user';
import { useRouteContext } from '@tanstack/react-router';

/**
 * The signed-in user (or null), as loaded by the root route's beforeLoad. The router is the single
 * source: log-in and log-out navigate or invalidate the router, which reloads it.
 */
export function useCurrentUser(): CurrentUser | null {
  return useRouteContext({ from: '__root__', select: (context) => context.user });
}
