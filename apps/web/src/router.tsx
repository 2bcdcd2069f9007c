import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { loadDataLayer } from './data-layer';
import { routeTree } from './routeTree.gen';

/** The browser's history by default; the build's prerender passes a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { loadDataLayer },
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
