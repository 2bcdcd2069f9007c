import { Button } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AuthTab } from '../auth/sign-in-modal';
import { PublicHeader } from '../shell/public-header';
import { toastError } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';
import { CallToAction } from './call-to-action';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { LandingFooter } from './landing-footer';

// The dialog (forms, tabs, validation) loads on first use, so the landing page itself stays light.
const loadSignInModal = () => import('../auth/sign-in-modal');
const SignInModal = lazy(() => loadSignInModal().then((module) => ({ default: module.SignInModal })));

/** The signed-out home (spec section 2), also shown for any unknown path while signed out. */
export function LandingPage() {
  useDocumentTitle(null);
  const [authTab, setAuthTab] = useState<AuthTab>('sign-in');
  const [modalOpened, setModalOpened] = useState(false);
  // Once loaded the dialog stays mounted, so closing it can animate.
  const [modalLoaded, setModalLoaded] = useState(false);
  // The dialog mounts already open on first use, so Mantine cannot note where focus was: we do.
  const opener = useRef<HTMLElement | null>(null);
  const open = (tab: AuthTab) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setModalLoaded(true);
    setAuthTab(tab);
    setModalOpened(true);
  };
  const openSignUp = () => open('sign-up');

  // The server sends a single sign-on attempt back here when no identity provider is configured.
  const { history } = useRouter();
  // Once, for the address the page opened at; the address is cleaned so a reload does not repeat it.
  // A refused single sign-on comes back with its reason (`sso_error`), shown once in a toast.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const refused = params.get('sso_error');
    if (params.get('sso') !== 'unavailable' && !refused) return;
    history.replace(window.location.pathname);
    if (refused) toastError('Single sign-on failed', refused);
    else
      toastError(
        'Single sign-on unavailable',
        'Single sign-on is not configured on this server. Please sign in with your email and password.',
      );
    open('sign-in');
  }, []);

  return (
    <>
      <PublicHeader
        actions={
          <Button onClick={() => open('sign-in')} onPointerEnter={() => void loadSignInModal()}>
            Sign In
          </Button>
        }
      />
      <main id="main-content">
        <Hero onGetStarted={openSignUp} />
        <FeatureGrid />
        <HowItWorks />
        <CallToAction onCreateAccount={openSignUp} />
      </main>
      <LandingFooter />
      {modalLoaded ? (
        <Suspense fallback={null}>
          <SignInModal
            opened={modalOpened}
            tab={authTab}
            onTabChange={setAuthTab}
            onClose={() => {
              setModalOpened(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
