import { firstScreenAnswers, loadCurrentUser } from './data-layer';
import { homeScreens } from './features/home/home-page';
import { SignedInShell } from './features/shell/root-layout';
import type { AppRouter } from './router';

/**
 * Resolves the route (the current user, guards, the route's code) and the screens loaded on demand
 * inside it, so the app's first render shows the page rather than a splash. Failures are left to the
 * app: the router's error screen shows them once it renders.
 */
export async function loadFirstScreen(router: AppRouter): Promise<void> {
  try {
    await router.load();
    const user = await loadCurrentUser();
    const path = router.state.location.pathname;
    const wanted: Promise<unknown>[] = [];
    if (user) {
      wanted.push(SignedInShell.preload?.() ?? Promise.resolve());
      // The data too, though not for long: on a poor signal the skeleton is better than an app
      // that does not answer.
      wanted.push(Promise.race([firstScreenAnswers(), delay(2500)]));
    }
    if (path === '/') {
      const screen = user ? homeScreens[user.role] : homeScreens.visitor;
      wanted.push(screen.preload?.() ?? Promise.resolve());
    }
    await Promise.all(wanted);
  } catch {
    // Rendered anyway: the route's error component says what went wrong and offers a retry.
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
