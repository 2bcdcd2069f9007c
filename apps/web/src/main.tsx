import './mantine-styles';
import './global.css';
import { startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { replayEarlyClick, watchFocus } from './early-click';
import { registerAppWorker } from './features/capture/app-update';
import { exchangeHandoff, takeHandoffFromAddress } from './features/lti/tab-session';
import { loadFirstScreen } from './first-screen';
import { createAppRouter } from './router';

// An LTI launch's handoff leaves the address before the router reads it (lti/tab-session.ts).
const handoff = takeHandoffFromAddress();
const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The HTML already paints the first screen: the prerendered landing page, or the app shell for a
// signed-in visitor. React replaces it on its first commit, so that commit waits until the screen's
// code and the current user are here instead of flashing the loading splash in between.
// A keyboard user may be tabbing through that markup meanwhile: their focus is given back after.
const focusedBefore = watchFocus(rootElement);
void exchangeHandoff(handoff)
  .then(() => loadFirstScreen(router))
  .finally(() => {
    // As a transition, so React renders in slices and yields to the browser between them: the page is
    // already painted, and one long render task would only block a tap on it.
    startTransition(() => {
      createRoot(rootElement).render(
        <>
          <App router={router} />
          <AfterFirstCommit
            before={focusedBefore}
            run={(focused) => replayEarlyClick(rootElement, focused)}
          />
        </>,
      );
    });
  });

/**
 * Runs `run` once the app's first render is on screen, so its buttons exist, with what `before`
 * answered while rendering, before that render replaced the prerendered markup.
 */
function AfterFirstCommit<T>({ before, run }: { before: () => T; run: (noted: T) => void }) {
  const [noted] = useState(before);
  useEffect(() => run(noted), []);
  return null;
}

registerAppWorker();
