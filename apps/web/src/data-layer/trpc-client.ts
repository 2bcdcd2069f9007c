import type { AppRouter } from '@evident/api/root';
import { MAX_CALLS_PER_BATCH } from '@evident/core/batch-limit';
import type { QueryClient } from '@tanstack/react-query';
import {
  getUntypedClient,
  httpBatchLink,
  httpSubscriptionLink,
  splitLink,
  TRPCClientError,
  type TRPCLink,
} from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { persistStudentQueries } from './features/capture/persisted-cache';
import { tabSessionHeaders, tabSessionToken } from './features/lti/tab-session';
import { adoptFirstAnswers, renderedByServer } from './first-answers';
import { nextTask } from './next-task';
import { queryClient } from './query-client';

/**
 * The framed tab's stream link (features/lti/tab-session-stream.ts), loaded the first time such a tab
 * subscribes: it brings the `eventsource` package, which no one outside an LMS frame needs.
 */
function framedTabSubscriptionLink(url: string): TRPCLink<AppRouter> {
  return (runtime) =>
    ({ op, next }) =>
      observable((observer) => {
        let inner: Unsubscribable | undefined;
        let ended = false;
        import('./features/lti/tab-session-stream').then(
          ({ tabSessionSubscriptionLink }) => {
            if (!ended) inner = tabSessionSubscriptionLink(url)(runtime)({ op, next }).subscribe(observer);
          },
          (cause: unknown) => observer.error(TRPCClientError.from(cause as Error)),
        );
        return () => {
          ended = true;
          inner?.unsubscribe();
        };
      });
}

export const trpc = createTRPCReact<AppRouter>();

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: splitLink({
        // The live stream (features/live) is server-sent events. The browser's EventSource sends the
        // cookie on its own; a tab signed in inside an LMS frame has no cookie, and sends its header
        // through an EventSource over fetch instead. Asked at each subscription, since the launch's
        // handoff becomes a tab session after this client is made.
        condition: () => tabSessionToken() !== null,
        true: framedTabSubscriptionLink('/trpc'),
        false: httpSubscriptionLink({ url: '/trpc' }),
      }),
      false: httpBatchLink({
        url: '/trpc',
        // The server refuses bigger batches (413); a screen asking for more sends several.
        maxItems: MAX_CALLS_PER_BATCH,
        // The session lives in an HttpOnly cookie, so every call must carry it; inside an LMS iframe
        // without cookies, this tab's session goes as a header instead (features/lti/tab-session.ts).
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
        headers: tabSessionHeaders,
      }),
    }),
  ],
});

/** Imperative tRPC helpers for route loaders and guards (outside React). */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });

/** The same helpers over another client and cache: a server render's own (server-render.tsx). */
export function trpcUtilsFor(scope: {
  client: typeof trpcClient;
  queryClient: QueryClient;
}): typeof trpcUtils {
  return createTRPCQueryUtils({ queryClient: scope.queryClient, client: scope.client });
}

/**
 * The student's last known tasks put back from IndexedDB (issue 18); loaders wait for it. Not on a
 * page the server rendered: its answers, in the page, are newer, and reading the old list back cost
 * the phone's first screen for nothing.
 */
export const cacheRestored = persistStudentQueries(queryClient, { restoreSaved: !renderedByServer() });

/**
 * After the persisted cache is back: the first screen's queries public/boot.js already asked for go
 * into the cache in flight (first-answers.ts), asked again through this client if they failed. In a
 * task after the one that ran the signed-in modules: on a page the server rendered, the answers are
 * there already and taking them is a slow phone's 10 ms of work of its own.
 */
export const firstAnswersAdopted = cacheRestored
  .then(nextTask)
  .then(() => adoptFirstAnswers(queryClient, (path) => getUntypedClient(trpcClient).query(path, undefined)));
