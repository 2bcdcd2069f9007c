import { startTransition, useCallback, useRef, useState } from 'react';

type Watcher = (overflowing: boolean) => void;

const watchers = new Map<Element, Watcher>();
let observer: ResizeObserver | undefined;

/**
 * One ResizeObserver for every clamped text: its callback runs after the browser's layout, where
 * reading a box's sizes costs nothing, whereas measuring as each text mounts (a layout effect) made
 * the browser lay the page out again for every card. The answers are rendered as a transition, in a
 * task of their own: the "More" they show sits over the text's last line and moves nothing, so a frame
 * late costs nothing, while rendering them at once (flushSync) also ran whatever React had pending,
 * the takeover's effects with it, inside the browser's frame.
 */
function observe(element: Element, watcher: Watcher): () => void {
  observer ??= new ResizeObserver((entries) => {
    const answers = entries.map(
      ({ target }) => [target, target.scrollHeight > target.clientHeight + 1] as const,
    );
    startTransition(() => {
      for (const [target, overflowing] of answers) watchers.get(target)?.(overflowing);
    });
  });
  watchers.set(element, watcher);
  observer.observe(element);
  return () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * Whether the element's content is taller than its box (a text cut by a line clamp), measured after
 * each layout that changes its size (it mounts, the screen rotates). False until measured, as in a
 * server render.
 */
export function useOverflowing<T extends HTMLElement>(): [(element: T | null) => void, boolean] {
  const [overflowing, setOverflowing] = useState(false);
  const stop = useRef<(() => void) | undefined>(undefined);
  const ref = useCallback((element: T | null) => {
    stop.current?.();
    stop.current = element ? observe(element, setOverflowing) : undefined;
  }, []);
  return [ref, overflowing];
}
