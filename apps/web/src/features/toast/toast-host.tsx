import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The renderer (transitions, portal, timers) is most of @mantine/notifications; the store toast.ts
// writes to is tiny. The renderer loads with the first toast, so a page that never shows one (the
// landing page, for a start) does not download it.
const ToastRenderer = lazy(() =>
  import('./toast-renderer').then((module) => ({ default: module.ToastRenderer })),
);

/** Mounts the toast renderer when the first toast is shown; it then shows what the store holds. */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  // Once mounted it stays, so later toasts need no loading and closing ones can animate out.
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRenderer />
    </Suspense>
  );
}
