import {
  type DehydratedState,
  dehydrate,
  hydrate,
  partialMatchKey,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { type QueryPath, queryKeyOf } from '../../data-layer/query-keys';

/**
 * Issue 18: a student's last known tasks, progress and statuses are kept in IndexedDB and put back
 * into the query cache when the app opens, so a student with no signal still sees them. Only the
 * student's task list (who is signed in is kept by data-layer/current-user.ts): assessor and admin data is never
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

// The declaration's wording too: a student offline still reads what they confirm (issue 29).
const keptQueries: QueryPath[] = ['student.tasks.list', 'student.declarations.get'];
const keptKeys = keptQueries.map((path) => queryKeyOf(path));

function isKeptKey(queryKey: readonly unknown[]): boolean {
  return keptKeys.some((kept) => partialMatchKey(queryKey, kept));
}

/**
 * Any kept query that has data, even if its last refetch failed (a worksite's one bar of signal that
 * lets the page think it is online): the last answer that arrived is still the best offline view.
 */
function isKept(query: Query): boolean {
  return isKeptKey(query.queryKey) && query.state.data !== undefined;
}

/** A write is due when a kept query gets a new answer; re-renders and fetch starts change nothing kept. */
function changesKeptData(event: QueryCacheNotifyEvent): boolean {
  return event.type === 'updated' && event.action.type === 'success' && isKeptKey(event.query.queryKey);
}

async function restore(queryClient: QueryClient): Promise<void> {
  const saved = await get<Persisted>(storeKey);
  // Another build's or an old list is not shown; the next answer from the server replaces it (deleting
  // it here could race with that answer's write).
  if (!saved || saved.buster !== buster || Date.now() - saved.savedAt > maxAgeMs) return;
  hydrate(queryClient, saved.state);
  // Last known, not current: offline the paused refetch leaves it on screen; online it is replaced.
  await queryClient.invalidateQueries(
    { predicate: (query) => isKeptKey(query.queryKey) },
    { throwOnError: false },
  );
}

/** Writes what is kept now; never replaces a saved list with nothing (log-out forgets it explicitly). */
function save(queryClient: QueryClient): void {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: isKept });
  if (state.queries.length === 0) return;
  // Stored as a plain success: a failed refetch's error is not what the student should see offline.
  const queries = state.queries.map((query) => ({
    ...query,
    state: { ...query.state, status: 'success' as const, error: null, fetchStatus: 'idle' as const },
  }));
  void set(storeKey, { buster, savedAt: Date.now(), state: { ...state, queries } } satisfies Persisted).catch(
    () => {},
  );
}

/**
 * Restores the kept queries and writes them as soon as a new answer arrives, and once more when the
 * page is hidden; resolves once restored.
 *
 * Written at once rather than after a quiet spell: a debounce that every cache event restarted
 * (each re-render of a screen with a query is one) could go seconds without writing while a student
 * captured, so an app closed soon after it loaded reopened offline with no tasks.
 */
export function persistStudentQueries(
  queryClient: QueryClient,
  { restoreSaved }: { restoreSaved: boolean },
): Promise<void> {
  // The build's prerender runs this module in Node, where there is nothing to keep.
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  let queued = false;
  const saveSoon = () => {
    // One write for the answers that arrive together (a batch of queries settles in one task), in the
    // next task: serialising the list for IndexedDB is work of its own, not the answer's.
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      save(queryClient);
    }, 0);
  };
  // Listening from the start: an answer that comes while the saved list is still being read is newer
  // than it (hydrate keeps the newer of the two).
  queryClient.getQueryCache().subscribe((event) => {
    if (changesKeptData(event)) saveSoon();
  });
  // A phone may close a hidden app without another word: the last chance to write is now.
  addEventListener('pagehide', () => save(queryClient));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save(queryClient);
  });
  return restoreSaved ? restore(queryClient).catch(() => {}) : Promise.resolve();
}

/** On log-out: the next person on this device must not see the last one's tasks. */
export function forgetStudentQueries(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return del(storeKey).catch(() => {});
}
