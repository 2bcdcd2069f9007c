import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { whenIdle } from '../../start-up/when-idle';
import { useMountedOnceOpened } from './use-mounted-once-opened';

/**
 * Issue 20: a dialog whose code (Mantine's Modal or Drawer, its focus trap, scroll lock and portal)
 * is not part of the screen's first load. It is fetched once the screen is idle, so opening it is
 * as quick as before, and it is in the page only from its first opening (useMountedOnceOpened).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  let fetched = false;
  const prefetch = () => {
    if (fetched) return;
    fetched = true;
    // Lost on the way (no signal): the first opening asks again.
    load().catch(() => {
      fetched = false;
    });
  };
  // One idle callback for all of a screen's copies (a dashboard has an audio recorder per task card),
  // asked by the first mounted; if that one goes before it runs, the next to mount asks again.
  let scheduled = false;
  const prefetchWhenIdle = () => {
    if (scheduled || fetched) return undefined;
    scheduled = true;
    const cancel = whenIdle(prefetch);
    return () => {
      cancel();
      scheduled = false;
    };
  };
  return function LazyDialog(props: P) {
    const mounted = useMountedOnceOpened(isOpen(props));
    useEffect(prefetchWhenIdle, []);
    if (!mounted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
