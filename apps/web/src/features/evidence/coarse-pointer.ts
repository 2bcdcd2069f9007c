import { useSyncExternalStore } from 'react';
import { useRenderHints } from '../../start-up/render-hints';

// One query for every card: Mantine's useMediaQuery made a matchMedia call per card after it
// mounted, each a style recalculation, and rendered every card a second time with the answer.
let query: MediaQueryList | undefined;
const coarsePointer = () => {
  query ??= window.matchMedia('(pointer: coarse)');
  return query;
};

function subscribe(onChange: () => void): () => void {
  const list = coarsePointer();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * True on a touch screen (a phone, a tablet): where a camera is to hand. A server render goes by what
 * the device said before (start-up/render-hints.ts), and so does the browser while it takes that markup over.
 */
export function useCoarsePointer(): boolean {
  const { coarsePointer: hinted } = useRenderHints();
  return useSyncExternalStore(
    subscribe,
    () => coarsePointer().matches,
    () => hinted,
  );
}
