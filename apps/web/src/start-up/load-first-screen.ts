import { loadCurrentUser } from '../data-layer/current-user';
import { firstScreenAnswers, loadDataLayer } from '../data-layer/load-data-layer';
import { homeScreens } from '../features/home/home-page';
import { SignedInShell } from '../features/shell/root-layout';
import type { AppRouter } from '../router';
import { nextTask } from './next-task';

/**
 * Resolves the route (the current user, guards, the route's code) and the screens loaded on demand
 * inside it, so the app's first render shows the page rather than a splash. Failures are left to the
 * app: the router's error screen shows them once it renders.
 *
 * The code comes in one piece at a time, each in a task of its own: the browser runs a module and
 * everything it imports in one go, and the data layer, the UI kit and the screen together kept a slow
 * phone from answering a tap for a quarter of a second. boot.js has fetched them all already.
 */
export async function loadFirstScreen(router: AppRouter): Promise<void> {
  try {
    // Who is signed in first, from boot.js's (or the server's) answer; the data layer's cache starts
    // from it, so the route's own question (below) is answered from memory.
    const user = await loadCurrentUser();
    const home = router.state.location.pathname === '/';
    if (user) {
      await nextTask();
      await import('../data-layer/data-libraries');
      await nextTask();
      await loadDataLayer();
      await nextTask();
      await import('../ui-kit/floating');
      await nextTask();
      await import('../ui-kit/overlays');
      await nextTask();
      await import('../ui-kit/pickers');
      await nextTask();
      await import('../ui-kit/basics');
      await nextTask();
      await SignedInShell.preload?.();
      if (home) {
        await nextTask();
        await homeScreens[user.role].preload?.();
      }
      await nextTask();
    } else if (home) {
      await homeScreens.visitor.preload?.();
    }
    await router.load();
    // The data too, though not for long: on a poor signal the skeleton is better than an app that
    // does not answer.
    if (user) await Promise.race([firstScreenAnswers(), delay(2500)]);
  } catch {
    // Rendered anyway: the route's error component says what went wrong and offers a retry.
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
