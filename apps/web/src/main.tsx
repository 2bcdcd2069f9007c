import './mantine-styles';
import './global.css';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { replayEarlyClick } from './early-click';
import { loadFirstScreen } from './first-screen';
import { createAppRouter } from './router';

const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The HTML already paints the first screen: the prerendered landing page, or the app shell for a
// signed-in visitor. React replaces it on its first commit, so that commit waits until the screen's
// code and the current user are here instead of flashing the loading splash in between.
void loadFirstScreen(router).finally(() => {
  const root = createRoot(rootElement);
  // Synchronously, so the app's buttons exist for a tap made on the prerendered page.
  flushSync(() => root.render(<App router={router} />));
  replayEarlyClick(rootElement);
});
