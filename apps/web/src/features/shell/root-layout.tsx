import { lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { LoadingSplash } from './loading-splash';

// Loaded on demand so the landing page's bundle carries none of the signed-in shell.
export const SignedInShell = lazyRouteComponent(() => import('./signed-in-shell'), 'SignedInShell');

/** Chooses the signed-in or signed-out layout around every page. */
export function RootLayout() {
  const user = useCurrentUser();
  if (!user) return <Outlet />;
  return (
    <Suspense fallback={<LoadingSplash />}>
      <SignedInShell user={user}>
        <Outlet />
      </SignedInShell>
    </Suspense>
  );
}
