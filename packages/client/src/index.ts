import type { AppRouter } from '@evident/api/root';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

export type { AppRouter };
/** Every procedure's input and output types, by path: `RouterOutputs['staff']['evidenceMatrix']['get']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type EvidentClient = TRPCClient<AppRouter>;

export type EvidentClientOptions = {
  /** Where Evident is served, e.g. `https://evident.example` (no `/trpc`). */
  url: string;
  /** A personal API token (`evd_…`) from the account page or an administrator. */
  token: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
};

/**
 * A typed client for scripts: the same procedures the web app calls, as the token's user.
 *
 * ```ts
 * const evident = createEvidentClient({ url: 'https://evident.example', token: process.env.EVIDENT_TOKEN! });
 * const units = await evident.admin.units.list.query();
 * ```
 */
export function createEvidentClient(options: EvidentClientOptions): EvidentClient {
  if (!options.token) throw new Error('createEvidentClient needs an API token');
  const base = options.url.replace(/\/+$/, '');
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${base}/trpc`,
        headers: { authorization: `Bearer ${options.token}` },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
}
