import { httpSubscriptionLink } from '@trpc/client';
import { EventSource as FetchEventSource } from 'eventsource';
import { tabSessionHeaders } from './tab-session';

/**
 * The live stream for a tab signed in inside an LMS frame (tab-session.ts). The browser's EventSource
 * cannot send a header, and the frame has no cookie of ours, so the stream would open signed out; the
 * `eventsource` package is the same EventSource over `fetch`, which can. The header is read at each
 * (re)connect, so a reconnect after the session ended is refused like a cookie's would be.
 */
export function tabSessionSubscriptionLink(url: string) {
  return httpSubscriptionLink({
    url,
    EventSource: FetchEventSource,
    eventSourceOptions: {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, ...tabSessionHeaders() } }),
    },
  });
}
