import type { AppRouter } from '@evident/api/root';
import type { CurrentUser } from '@evident/core/user';
import type { inferRouterOutputs } from '@trpc/server';
import { tabSessionHeaders } from '../features/lti/tab-session';
import { takeFirstAnswer } from '../start-up/boot-answers';
import type { DataLayer } from './load-data-layer';

// Who is signed in, for the root route's beforeLoad: from one plain request until the data layer
// loads (load-data-layer.ts), from its query cache after.

let loaded: DataLayer | undefined;
/** The plain request's answer, kept until the data layer loads (as the query cache would have kept it). */
let probed: { user: CurrentUser | null } | undefined;
let probing: Promise<CurrentUser | null> | undefined;

/**
 * Issue 18: the app opens without a connection, as the person last signed in on this device (their
 * screens then show what was last loaded, or say they need a connection). Only who they are is kept
 * here; log-out, or any answer from the server, replaces it.
 *
 * Kept in IndexedDB, which writes at once, not localStorage: Chromium writes localStorage to disk
 * some seconds later, so a browser killed soon after sign-in (a phone reclaiming it) reopened offline
 * on the signed-out landing page. localStorage is still read, for a device that kept it there before.
 */
const lastUserKey = 'evident.lastUser';
/** The build's prerender runs in Node: nothing to keep there. */
const canKeep = () => typeof indexedDB !== 'undefined';

/**
 * Written in the background: no screen waits for it (a signed-out visitor loads idb-keyval after paint).
 * When the server names someone else (or no one: a session that ended without a log-out), the tasks the
 * last person left for offline use go too, so the next person on this device never sees them (the new
 * person's own list, if written meanwhile, is written again at their next answer or when the page hides).
 */
function rememberUser(user: CurrentUser | null): CurrentUser | null {
  if (!canKeep()) return user;
  void import('idb-keyval')
    .then(async ({ del, get, set }) => {
      const before = await get<CurrentUser>(lastUserKey);
      if (before && before.id !== user?.id) {
        const { forgetStudentQueries } = await import('../features/capture/persisted-cache');
        await forgetStudentQueries();
      }
      await (user ? set(lastUserKey, user) : del(lastUserKey));
    })
    .then(() => localStorage.removeItem(lastUserKey))
    .catch(() => {
      // Private mode or a full disk: the app just cannot open offline.
    });
  return user;
}

async function lastKnownUser(): Promise<CurrentUser | null> {
  if (!canKeep()) return null;
  try {
    const { get } = await import('idb-keyval');
    const kept = await get<CurrentUser>(lastUserKey);
    if (kept) return kept;
    const stored = localStorage.getItem(lastUserKey);
    return stored ? (JSON.parse(stored) as CurrentUser) : null;
  } catch {
    return null;
  }
}

/** The browser says it has no network; the build's prerender (no navigator) counts as online. */
const browserOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/** True when a request failed for want of a network, not because the server said no. */
function isOffline(error: unknown): boolean {
  // tRPC wraps the failed fetch (a TypeError) as its cause; a server's answer has none.
  return (
    browserOffline() ||
    error instanceof TypeError ||
    (error as { cause?: unknown })?.cause instanceof TypeError
  );
}

/** Asks the server who is signed in; without a connection, answers with who was last time. */
async function currentUserOrLastKnown(ask: () => Promise<CurrentUser | null>): Promise<CurrentUser | null> {
  if (browserOffline()) return lastKnownUser();
  try {
    return rememberUser(await ask());
  } catch (error) {
    if (isOffline(error)) {
      const known = await lastKnownUser();
      if (known) return known;
    }
    throw error;
  }
}

/**
 * Called once the tRPC client is loaded, whichever way it was reached (the data layer's loader, or
 * DataProviders for screens that import it directly); from then on the current user comes from its
 * query cache.
 */
export function currentUserFrom(layer: DataLayer): void {
  loaded = layer;
  handOverProbe(layer);
}

let handedOver = false;

/**
 * The query cache starts from the probe's answer rather than asking the server again (once: after
 * that, log-out and sign-in change the cache, never this). Made through the query's own fetch function
 * (ensureData), so a refetch (after sign-in, after an approval) asks the server, then set as an answer
 * (setData): TanStack Query takes a query with only initial data and no watcher for one nobody uses,
 * and refetching it would do nothing.
 */
function handOverProbe(layer: DataLayer): void {
  const user = probed?.user;
  if (handedOver || !user) return;
  handedOver = true;
  const query = layer.trpcUtils.auth.session.get;
  void query.ensureData(undefined, { initialData: user }).then(() => query.setData(undefined, user));
}

/** The signed-in user or null, for the root route's beforeLoad. */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  // Once loaded, the query cache is the one source: sign-in, log-out and impersonation update it.
  const layer = loaded;
  if (layer) return currentUserOrLastKnown(() => layer.trpcUtils.auth.session.get.ensureData());
  if (!probed) {
    // A failure is not kept, so the error screen's "Try again" asks again.
    probing ??= currentUserOrLastKnown(fetchCurrentUser).finally(() => {
      probing = undefined;
    });
    const user = await probing;
    probed = { user };
    if (loaded) handOverProbe(loaded);
  }
  return probed.user;
}

type CurrentUserOutput = inferRouterOutputs<AppRouter>['auth']['session']['get'];

/** `auth.session.get` over tRPC's plain HTTP form (what httpBatchLink sends, minus the batching). */
async function fetchCurrentUser(): Promise<CurrentUserOutput> {
  // On the app shell, boot.js asked already (start-up/boot-answers.ts); a failed fetch throws as one here would.
  const asked = takeFirstAnswer('auth.session.get');
  if (asked) {
    const { status, body } = await asked;
    if (status !== 200) throw new Error(`Could not load the current user (HTTP ${status})`);
    return (body?.result?.data ?? null) as CurrentUserOutput;
  }
  const response = await fetch('/trpc/auth.session.get', {
    credentials: 'include',
    headers: { accept: 'application/json', ...tabSessionHeaders() },
  });
  if (!response.ok) throw new Error(`Could not load the current user (HTTP ${response.status})`);
  const body = (await response.json()) as { result?: { data?: CurrentUserOutput } };
  return body.result?.data ?? null;
}
