import type { CurrentUser } from '@evident/core/user';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { loadCurrentUser } from './data-layer/current-user';
import { type DataLayer, loadDataLayer } from './data-layer/load-data-layer';
import { routeTree } from './routeTree.gen';

/** What every route's beforeLoad and loader receive. */
export type RouterContext = {
  /** Who is signed in, for the root route's beforeLoad: the browser asks the server (current-user.ts). */
  currentUser: () => Promise<CurrentUser | null>;
  /** tRPC for loaders; it loads on first use (see load-data-layer.ts). */
  loadDataLayer: () => Promise<DataLayer>;
};

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
