import { lazyRouteComponent } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { LoadingSplash } from './loading-splash';
import { NotFoundScreen } from './not-found-screen';

const LandingPage = lazyRouteComponent(() => import('../landing/landing-page'), 'LandingPage');

/** Spec section 2: an unknown path shows the landing page when signed out and a 404 screen when signed in. */
export function RootNotFound() {
  const user = useCurrentUser();
  if (user) return <NotFoundScreen />;
  return (
    <Suspense fallback={<LoadingSplash />}>
      <LandingPage />
    </Suspense>
  );
}
