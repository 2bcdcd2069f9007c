import { createRouter } from '@tanstack/react-router';
import { loadDataLayer } from './data-layer';
import { routeTree } from './routeTree.gen';

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { loadDataLayer },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it rather than keep its own copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
