import { useEffect, useState } from 'react';

/**
 * Runs `run` when the browser has nothing better to do (or within five seconds; after two where it
 * cannot say, as Safari), and returns how to call it off.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 2000);
  return () => clearTimeout(timer);
}

/**
 * False until the browser is first idle after the component mounted: for work a screen does not need
 * to show itself (the live stream, the capture queue), which then stays out of a phone's first
 * screen (issue 20).
 */
export function useIdleOnce(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
