import './mantine-styles';
import './global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadFirstScreen } from './first-screen';
import { createAppRouter } from './router';

const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The HTML already paints the first screen: the prerendered landing page, or the app shell for a
// signed-in visitor. React replaces it on its first commit, so that commit waits until the screen's
// code and the current user are here instead of flashing the loading splash in between.
void loadFirstScreen(router).finally(() => {
  createRoot(rootElement).render(<App router={router} />);
});
