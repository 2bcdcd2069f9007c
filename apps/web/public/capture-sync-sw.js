// Imported into the generated service worker (pwa.config.ts). Background Sync (Chromium) fires
// 'sync' when the connection returns, even while the app sits in the background: the worker then
// tells every open window to send its capture queue. The upload itself runs in the page, which holds
// the queue, the session and the progress; browsers without Background Sync (iOS Safari) rely on the
// page's own online, focus and visibility triggers (features/capture/send-triggers.ts).
self.addEventListener('sync', (event) => {
  if (event.tag !== 'capture-queue') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'capture-sync' });
    }),
  );
});
