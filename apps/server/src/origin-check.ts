import type { IncomingHttpHeaders } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated mutations must come from our own pages. Browsers always send Origin on
 * cross-site POSTs, so a mismatch (or a cross-site fetch-metadata hint) is refused; clients that send
 * neither, such as curl or an LMS server, carry no ambient cookies to abuse. API-token callers never
 * reach this check, and their cookies are never read (request-credentials.ts).
 */
export function isCrossSiteMutation(
  method: string,
  headers: IncomingHttpHeaders,
  /** The host the browser asked for: Fastify's `request.host`, which reads X-Forwarded-Host only with TRUST_PROXY. */
  host: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (!headers.cookie) return false;
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    const from = new URL(origin);
    // Read the Host through the same scheme so a spelled-out default port (":80") still matches.
    return from.host !== new URL(`${from.protocol}//${host}`).host;
  } catch {
    return true;
  }
}
