import './ui-kit/mantine-styles';
import './global.css';
import { createBrowserHistory } from '@tanstack/react-router';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type FirstCommit } from './app';
import { registerAppWorker } from './features/capture/app-update';
import { exchangeHandoff, takeHandoffFromAddress } from './features/lti/tab-session';
import { createAppRouter } from './router';
import { renderedByServer } from './start-up/boot-answers';
import { replayEarlyClick, watchFocus } from './start-up/early-click';
import { loadFirstScreen } from './start-up/load-first-screen';
import { nextTask } from './start-up/next-task';
import {
  noRenderHints,
  type RenderHints,
  RenderHintsContext,
  rememberDeviceHints,
} from './start-up/render-hints';
import { whenIdle } from './start-up/when-idle';

// An LTI launch's handoff leaves the address before the router reads it (lti/tab-session.ts).
const handoff = takeHandoffFromAddress();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The HTML already paints the first screen: the prerendered landing page, the app shell for a
// signed-in visitor, or the screen itself when the server rendered it (apps/server/src/first-screen.ts).
// React's first commit waits until the screen's code and the current user are here instead of
// flashing the loading splash in between. A keyboard user may be tabbing through the markup
// meanwhile: their focus is given back after, and a button tapped is pressed again.
// The server's render is taken over as it is (hydrated), from the hints it rendered with; anything
// else is replaced.
const rendered = renderedPage();
const firstCommit: FirstCommit<ReturnType<ReturnType<typeof watchFocus>>> = {
  before: watchFocus(rootElement),
  after: (focused) => {
    replayEarlyClick(rootElement, focused);
    whenIdle(rememberDeviceHints);
  },
};

void start(rootElement);

async function start(rootElement: HTMLElement): Promise<void> {
  // Running this module took a task of its own (React, the router, the UI kit's core): the router's
  // set-up gets the next two, the browser history's first (it asks the browser for the page's entry).
  await nextTask();
  const history = createBrowserHistory();
  await nextTask();
  const router = createAppRouter(history);
  // A handoff that could not be exchanged leaves the tab signed out: the app says so once it renders.
  await exchangeHandoff(handoff).then(
    () => loadFirstScreen(router),
    () => {},
  );
  const app = (
    <RenderHintsContext.Provider value={rendered?.hints ?? noRenderHints}>
      <App router={router} firstCommit={firstCommit as FirstCommit} />
    </RenderHintsContext.Provider>
  );
  if (rendered) {
    // The router renders the tree the server did (no suspense boundary of its own around the
    // routes), as TanStack Router's own hydration sets it up.
    router.ssr = { manifest: undefined };
    // As a transition, so React takes the markup over in slices, yielding to the browser between them.
    startTransition(() => {
      hydrateRoot(rootElement, app, { onRecoverableError: reportHydrationMismatch });
    });
    return;
  }
  // As a transition, so React renders in slices and yields to the browser between them: the page is
  // already painted, and one long render task would only block a tap on it.
  startTransition(() => createRoot(rootElement).render(app));
}

/**
 * The page the server rendered a first screen into says so, with what it knew of this device; boot.js
 * has read them from the page already (the answers are large: read once).
 */
function renderedPage(): { hints: RenderHints } | null {
  if (!renderedByServer()) return null;
  return { hints: window.evidentRenderHints ?? { ...noRenderHints, rendered: true } };
}

/**
 * The server's markup differed from the app's first render: React renders that part afresh, so the
 * person sees the right screen, only later. Worth a line in the console for whoever looks.
 */
function reportHydrationMismatch(error: unknown): void {
  console.warn('Evident: the server-rendered screen was rendered again in the browser:', error);
}

registerAppWorker();
