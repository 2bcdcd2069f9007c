import type { QueryClient } from '@tanstack/react-query';
import type { TrpcUtils } from './trpc';

/** What every route's beforeLoad and loader receive (see router.tsx). */
export type RouterContext = {
  queryClient: QueryClient;
  trpcUtils: TrpcUtils;
};
