import { startTransition, useEffect, useState } from 'react';
import { useRenderHints } from './render-hints';

/**
 * A fact only the browser knows and that does not change (can it record audio?), for markup the
 * server renders too. On a page the server rendered, the first render has the server's value, as its
 * markup does, and the browser's follows as a transition. Read through useSyncExternalStore, a value
 * that differs from the server's made React render the component again synchronously inside the
 * commit that took the page over: on the dashboard, every task card's buttons in one long task.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  const { rendered } = useRenderHints();
  const [value, setValue] = useState(() =>
    typeof window === 'undefined' || rendered ? serverValue : read(),
  );
  useEffect(() => {
    const browserValue = read();
    if (!Object.is(browserValue, serverValue)) startTransition(() => setValue(browserValue));
  }, [read, serverValue]);
  return value;
}
