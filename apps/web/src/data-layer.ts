import type { AppRouter } from '@evident/api/root';
import type { CurrentUser } from '@evident/core/user';
import type { createTRPCQueryUtils } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';

/**
 * The tRPC client and the query cache (about 20 KB gzipped) load with the first screen that talks to the
 * server: a signed-in screen, the sign-in dialog, the password pages. A signed-out visitor on the
 * landing page needs neither, so until they load, the current user comes from one plain request.
 * Screens that call tRPC hooks render inside DataProviders (data-providers.tsx); route loaders reach
 * tRPC through the router context's loadDataLayer.
 */
export type TrpcUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
export type DataLayer = { trpcUtils: TrpcUtils };

let loaded: DataLayer | undefined;
/** The plain request's answer, kept until the data layer loads (as the query cache would have kept it). */
let probed: { user: CurrentUser | null } | undefined;
let probing: Promise<CurrentUser | null> | undefined;

export function loadDataLayer(): Promise<DataLayer> {
  return import('./trpc').then(({ trpcUtils }) => {
    registerDataLayer({ trpcUtils });
    return { trpcUtils };
  });
}

/**
 * Called once the tRPC client is loaded, whichever way it was reached (this loader, or DataProviders for
 * screens that import it directly); from then on the current user comes from its query cache.
 */
export function registerDataLayer(layer: DataLayer): void {
  loaded = layer;
}

/** The signed-in user or null, for the root route's beforeLoad. */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  // Once loaded, the query cache is the one source: sign-in, log-out and impersonation update it.
  if (loaded) return loaded.trpcUtils.auth.user.ensureData();
  if (!probed) {
    // A failure is not kept, so the error screen's "Try again" asks again.
    probing ??= fetchCurrentUser().finally(() => {
      probing = undefined;
    });
    const user = await probing;
    probed = { user };
    // Signed in: every screen from here on talks to the server, so start loading the data layer now and
    // let its cache fetch the user alongside the screen's code. The probe's answer is not written into
    // the cache: a hand-seeded query has no fetch function, so the refetch after sign-in would skip it.
    if (user !== null) void loadDataLayer().then(({ trpcUtils }) => trpcUtils.auth.user.prefetch());
  }
  return probed.user;
}

type CurrentUserOutput = inferRouterOutputs<AppRouter>['auth']['user'];

/** `auth.user` over tRPC's plain HTTP form (what httpBatchLink sends, minus the batching). */
async function fetchCurrentUser(): Promise<CurrentUserOutput> {
  const response = await fetch('/trpc/auth.user', {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load the current user (HTTP ${response.status})`);
  const body = (await response.json()) as { result?: { data?: CurrentUserOutput } };
  return body.result?.data ?? null;
}
