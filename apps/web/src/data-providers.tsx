import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { registerDataLayer } from './data-layer';
import { queryClient } from './query-client';
import { trpc, trpcClient, trpcUtils } from './trpc';

// However the tRPC client was reached, from now on the current user comes from its query cache.
registerDataLayer({ trpcUtils });

/**
 * tRPC's and TanStack Query's React contexts, for screens that call their hooks. Mounted by the
 * signed-in shell, the sign-in dialog and the password pages rather than around the whole app, so the
 * landing page does not download them (see data-layer.ts). Every mount shares the one client and cache.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
