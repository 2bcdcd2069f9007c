import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';

/**
 * Issue 18: a student's last known tasks, progress and statuses are kept in IndexedDB and put back
 * into the query cache when the app opens, so a student with no signal still sees them. Only the
 * student's task list (who is signed in is kept by data-layer.ts): assessor and admin data is never
 * written to the device, and the service worker caches no API answer at all. What comes back is
 * marked stale, so with a connection the screen asks the server again at once.
 *
 * TanStack Query's own dehydrate/hydrate do the work; the persist-client package would pull in a
 * second copy of the query core at another version.
 */
const storeKey = 'evident.queryCache';
/** A week: a shift offline, a weekend, and the app still opens on what it last knew. */
const maxAgeMs = 7 * 24 * 60 * 60 * 1000;
/** Tied to the build: a new build, whose answers may have another shape, starts afresh. */
const buster = import.meta.env.VITE_BUILD_ID ?? '';

type Persisted = { buster: string; savedAt: number; state: DehydratedState };

/** tRPC query keys start with the procedure's path, e.g. `[['student', 'tasks'], { type: 'query' }]`. */
const kept = new Set(['student.tasks']);

function isKept(query: Query): boolean {
  const [path] = query.queryKey as [unknown];
  return Array.isArray(path) && kept.has(path.join('.')) && query.state.status === 'success';
}

async function restore(queryClient: QueryClient): Promise<void> {
  const saved = await get<Persisted>(storeKey);
  if (!saved) return;
  if (saved.buster !== buster || Date.now() - saved.savedAt > maxAgeMs) {
    await del(storeKey);
    return;
  }
  hydrate(queryClient, saved.state);
  // Last known, not current: offline the paused refetch leaves it on screen; online it is replaced.
  await queryClient.invalidateQueries({ queryKey: [['student', 'tasks']] }, { throwOnError: false });
}

/** Restores the kept queries, then writes them again whenever the cache changes; resolves once restored. */
export function persistStudentQueries(queryClient: QueryClient): Promise<void> {
  // The build's prerender runs this module in Node, where there is nothing to keep.
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isKept });
    void set(storeKey, { buster, savedAt: Date.now(), state } satisfies Persisted).catch(() => {});
  };
  const restored = restore(queryClient).catch(() => {});
  void restored.then(() =>
    queryClient.getQueryCache().subscribe(() => {
      // Many cache events come in a burst; one write a second is plenty.
      clearTimeout(timer);
      timer = setTimeout(save, 1000);
    }),
  );
  return restored;
}
