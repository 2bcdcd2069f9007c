import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { queryClient } from './query-client';
import { trpcClient } from './trpc-client';

/** Imperative tRPC helpers for route loaders and guards (outside React), over the app's one cache. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });

/** The same helpers over another client and cache: a server render's own (server-render.tsx). */
export function trpcUtilsFor(scope: {
  client: typeof trpcClient;
  queryClient: QueryClient;
}): typeof trpcUtils {
  return createTRPCQueryUtils({ queryClient: scope.queryClient, client: scope.client });
}
