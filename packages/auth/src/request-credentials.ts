import type { Credentials, RequestHeaders } from '@evident/core/ports/auth';
import { readCookie } from './cookies';

/**
 * A browser tab's own session inside an LMS iframe, where no cookie of ours is kept (an LTI launch
 * handed it over: apps/web/src/features/lti/tab-session.ts). Like the cookie, it is a session id; a
 * header no other site can make a browser send, so it needs no more CSRF care than the cookie gets.
 */
export const tabSessionHeader = 'x-evident-session';

const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The only place a request is read for who is calling. A request with `Authorization: Bearer` takes
 * the token path and its cookies are never read, so it never meets the cookie path's Origin check
 * (a browser cannot add that header to a cross-site request); any other request takes the session path.
 */
export function credentialsOf(headers: RequestHeaders, cookieName: string): Credentials {
  // `Bearer` with nothing after it (a proxy may trim the space) is still the token path, and refused there.
  const bearer = single(headers.authorization)?.match(/^Bearer(?:\s+(.*))?$/i);
  if (bearer) return { kind: 'token', token: (bearer[1] ?? '').trim() };
  const tab = single(headers[tabSessionHeader])?.trim();
  if (tab) return { kind: 'session', sessionId: tab };
  const sessionId = readCookie(single(headers.cookie), cookieName);
  return sessionId ? { kind: 'session', sessionId } : { kind: 'none' };
}
