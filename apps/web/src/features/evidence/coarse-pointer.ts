import { useSyncExternalStore } from 'react';

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

/** True on a touch screen (a phone, a tablet): where a camera is to hand. The build's prerender says no. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => coarsePointer().matches,
    () => false,
  );
}
