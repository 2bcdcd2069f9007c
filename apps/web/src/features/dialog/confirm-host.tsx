import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentConfirm, subscribeConfirms } from './confirm-store';

// The dialog's code (Mantine's Modal, its focus trap and scroll lock) loads with the first confirm:
// most visits ask none, and a phone's first screen is the lighter for it (issue 20).
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** Shows the confirm asked for by `confirmAction`; mounted once by the signed-in shell. */
export function ConfirmHost() {
  const request = useSyncExternalStore(subscribeConfirms, currentConfirm, () => undefined);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog key={request.key} request={request} />
    </Suspense>
  );
}
