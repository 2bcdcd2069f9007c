import { Workbox } from 'workbox-window';
import { whenIdle } from '../../start-up/when-idle';
import { toastSuccess } from '../toast/toast';

/**
 * Issue 18: registers the service worker (pwa.config.ts) that lets the app open offline, and tells
 * the student once when a new version has taken over. The worker waits for every old tab to close
 * before it activates, so an update never lands in the middle of an upload; the next open runs the
 * new build, and this notices the build id changed.
 */
const seenBuildKey = 'evident.build';

export function registerAppWorker(): void {
  announceUpdate();
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // After the first screen, at a quiet moment: the precache download must not compete with it, and
  // registering is a few milliseconds of a phone's main thread that the first screen's tasks can use.
  const register = () => void new Workbox('/sw.js', { scope: '/' }).register().catch(() => {});
  const registerWhenIdle = () => void whenIdle(register);
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}

function announceUpdate(): void {
  const build = import.meta.env.VITE_BUILD_ID;
  if (!build) return;
  try {
    const seen = localStorage.getItem(seenBuildKey);
    localStorage.setItem(seenBuildKey, build);
    if (seen && seen !== build) toastSuccess('Updated', 'Evident was updated to its latest version');
  } catch {
    // Storage blocked: no notice, nothing else lost.
  }
}
