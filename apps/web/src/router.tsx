import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { loadCurrentUser, loadDataLayer } from './data-layer';
import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';

/**
 * The browser's history and data layer by default; the build's prerender passes a memory history,
 * and a server render (server-render.tsx) its request's own user and data layer as well.
 */
export function createAppRouter(history?: RouterHistory, context?: RouterContext) {
  return createRouter({
    routeTree,
    context: context ?? { currentUser: loadCurrentUser, loadDataLayer },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it rather than keep its own copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
