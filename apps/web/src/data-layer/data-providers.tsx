import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { currentUserFrom } from './current-user';
import './fill-query-cache';
import { queryClient } from './query-client';
import { trpc, trpcClient } from './trpc-client';
import { trpcUtils } from './trpc-query-utils';

// However the tRPC client was reached, from now on the current user comes from its query cache, and
// the cache starts from what was kept offline and what boot.js asked for (fill-query-cache.ts).
currentUserFrom({ trpcUtils });

/**
 * A server render's own tRPC client and query cache (server-render.tsx): each request renders with
 * the answers fetched for its signed-in person, never the module's. Absent in the browser.
 */
export type DataScope = { client: typeof trpcClient; queryClient: QueryClient };
export const DataScopeContext = createContext<DataScope | null>(null);

/**
 * tRPC's and TanStack Query's React contexts, for screens that call their hooks. Mounted by the
 * signed-in shell, the sign-in dialog and the password pages rather than around the whole app, so the
 * landing page does not download them (see load-data-layer.ts). Every mount shares the one client and cache.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  const scope = useContext(DataScopeContext) ?? { client: trpcClient, queryClient };
  return (
    <trpc.Provider client={scope.client} queryClient={scope.queryClient}>
      <QueryClientProvider client={scope.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
