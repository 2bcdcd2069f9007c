/**
 * When the capture queue tries to send (issue 18): the moment the browser says the connection is
 * back, when the app comes to the front again (a phone waking up, the student switching back), when
 * the service worker's Background Sync fires (Chromium; iOS Safari has none, so the other triggers
 * must do on their own), and after each failure's back-off.
 */

/** 5 s, 10 s, 20 s ... up to a minute between tries of one file, with a little jitter. */
export function retryDelayMs(failures: number): number {
  const base = Math.min(60_000, 5000 * 2 ** Math.max(0, failures - 1));
  return base + Math.floor(Math.random() * 500);
}

/** Has the service worker wake the app when the connection returns, where the browser can. */
export function askForBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (
        registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
      ).sync;
      return sync?.register('capture-queue');
    })
    .catch(() => {});
}

/** Installs the triggers once; `send` is the queue's sender. */
export function installSendTriggers(send: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') send();
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'capture-sync') send();
  };
  window.addEventListener('online', send);
  window.addEventListener('focus', send);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener('online', send);
    window.removeEventListener('focus', send);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
