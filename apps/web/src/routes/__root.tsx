import { createRootRouteWithContext } from '@tanstack/react-router';
import { LoadingSplash } from '../features/shell/loading-splash';
import { RootError } from '../features/shell/root-error';
import { RootLayout } from '../features/shell/root-layout';
import { RootNotFound } from '../features/shell/root-not-found';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every route's guard reads the user from here; after the first load it is answered from memory.
  beforeLoad: async ({ context }) => ({ user: await context.currentUser() }),
  component: RootLayout,
  pendingComponent: LoadingSplash,
  pendingMs: 0,
  errorComponent: RootError,
  notFoundComponent: RootNotFound,
});
