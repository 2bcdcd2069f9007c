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
