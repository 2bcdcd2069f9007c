import type { IncomingHttpHeaders } from 'node:http';
import type { RequestMeta, Services } from '@evident/api/context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './cookies';

/**
 * The only place a request is read for who is calling. A request with `Authorization: Bearer` takes
 * the token path and its cookies are never read, so it never meets the cookie path's Origin check
 * (a browser cannot add that header to a cross-site request); any other request takes the cookie path.
 */
export type RequestCredentials =
  | { kind: 'token'; token: string }
  | { kind: 'session'; sessionId: string }
  | { kind: 'none' };

/**
 * A browser tab's own session inside an LMS iframe, where no cookie of ours is kept (an LTI launch
 * handed it over: apps/web/src/features/lti/tab-session.ts). Like the cookie, it is a session id; a
 * header no other site can make a browser send, so it needs no more CSRF care than the cookie gets.
 */
export const tabSessionHeader = 'x-evident-session';

export function credentialsOf(headers: IncomingHttpHeaders, cookieName: string): RequestCredentials {
  const authorization = headers.authorization;
  // `Bearer` with nothing after it (a proxy may trim the space) is still the token path, and refused there.
  const bearer = authorization?.match(/^Bearer(?:\s+(.*))?$/i);
  if (bearer) return { kind: 'token', token: (bearer[1] ?? '').trim() };
  const tab = headers[tabSessionHeader];
  if (typeof tab === 'string' && tab.trim()) return { kind: 'session', sessionId: tab.trim() };
  const sessionId = readCookie(headers.cookie, cookieName);
  return sessionId ? { kind: 'session', sessionId } : { kind: 'none' };
}

/** The credentials as tRPC's context takes them. */
export function contextCredentials(credentials: RequestCredentials): {
  sessionId: string | null;
  bearerToken: string | null;
} {
  if (credentials.kind === 'token') return { sessionId: null, bearerToken: credentials.token };
  if (credentials.kind === 'session') return { sessionId: credentials.sessionId, bearerToken: null };
  return { sessionId: null, bearerToken: null };
}

/** What tRPC's context needs from a Fastify request: the address, the credentials, a way to set the cookie. */
export function requestMeta(services: Services, req: FastifyRequest, reply: FastifyReply): RequestMeta {
  return {
    ip: req.ip,
    ...contextCredentials(credentialsOf(req.headers, services.sessions.cookieName)),
    setCookie: (value) => {
      reply.header('set-cookie', value);
    },
  };
}
