import { startTransition, useEffect, useState } from 'react';

/**
 * Issue 20: how many items of a long list of heavy cards to render now. Mounting a whole list is one
 * task the browser cannot interrupt (React's commit, then the layout it forces), seconds long on a
 * slow phone, and nothing on the page answers a tap meanwhile. The first `first` items come with the
 * screen, then `step` more in a task of their own each, until all are there. Items are only added
 * below the ones shown, so nothing on screen moves.
 */
export function useRevealedCount(total: number, first = 3, step = 3): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    // A task of its own (not the effect's), rendered as a transition so a tap goes first.
    const timer = setTimeout(() => startTransition(() => setCount((shown) => shown + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
