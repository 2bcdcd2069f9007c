import type { AppRouter } from '@evident/api/root';
import { MAX_CALLS_PER_BATCH } from '@evident/core/batch-limit';
import { httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { tabSessionHeaders, tabSessionToken } from '../features/lti/tab-session';

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
        import('../features/lti/tab-session-stream').then(
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
