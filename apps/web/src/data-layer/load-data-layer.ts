import type { AppRouter } from '@evident/api/root';
import type { createTRPCQueryUtils } from '@trpc/react-query';
import { currentUserFrom } from './current-user';

/**
 * The tRPC client and the query cache (about 20 KB gzipped) load with the first screen that talks to the
 * server: a signed-in screen, the sign-in dialog, the password pages. A signed-out visitor on the
 * landing page needs neither, so until they load, the current user comes from one plain request
 * (current-user.ts). Screens that call tRPC hooks render inside DataProviders (data-providers.tsx);
 * route loaders reach tRPC through the router context's loadDataLayer.
 */
export type TrpcUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
export type DataLayer = { trpcUtils: TrpcUtils };

export function loadDataLayer(): Promise<DataLayer> {
  return Promise.all([import('./trpc-query-utils'), import('./fill-query-cache')]).then(
    async ([{ trpcUtils }, { firstAnswersAdopted }]) => {
      // Offline, loaders answer from what was last loaded: the persisted cache must be in first, then
      // what boot.js already asked for.
      await firstAnswersAdopted;
      currentUserFrom({ trpcUtils });
      return { trpcUtils };
    },
  );
}

/**
 * Settles once the first screen's queries public/boot.js asked for are in the query cache (or
 * failed, then left to the screen to ask again), so the app's first render draws the data in one
 * interruptible transition instead of a skeleton followed by a blocking re-render.
 */
export function firstScreenAnswers(): Promise<void> {
  return import('./fill-query-cache')
    .then(({ firstAnswersAdopted }) => firstAnswersAdopted)
    .then(({ settled }) => settled);
}
