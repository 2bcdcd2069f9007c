import { onlineManager, QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: data is never stale, nothing refetches on focus and nothing retries. Screens that
 * change data invalidate what they changed (and realtime events invalidate what others changed).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// TanStack Query takes itself to be online until an event says otherwise; an app opened with no
// signal (issue 18) must pause its requests from the start and keep what was last loaded on screen.
// The build's prerender imports this module too, where there is no navigator.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
