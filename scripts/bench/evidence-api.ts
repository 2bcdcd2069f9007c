import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RunningServer } from './harness';

export type Json = Record<string, unknown>;

export async function api(
  server: RunningServer,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  // No Origin header: the server's Origin check only refuses mutations that carry a foreign one.
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as Json;
}

/** Upload URLs are relative without PUBLIC_URL; the bench server listens on 127.0.0.1. */
export function onServer(server: RunningServer, url: string): string {
  // Relative without PUBLIC_URL, absolute with it.
  const parsed = new URL(url, server.url);
  return `${server.url}${parsed.pathname}${parsed.search}`;
}

export type UploadGrant = { uploadUrl: string; objectPath: string };

export async function uploadUrl(server: RunningServer, cookie: string, file: Json): Promise<UploadGrant> {
  const grant = await api(server, cookie, 'POST', '/api/evidence/upload-url', file);
  return { uploadUrl: onServer(server, String(grant.uploadUrl)), objectPath: String(grant.objectPath) };
}

/** One PUT through node:http, so the body streams with backpressure and is never held whole. */
export function put(url: string, contentType: string, length: number, body: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(length) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(text) : reject(new Error(`PUT: ${res.statusCode} ${text}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    pipeline(body, req).catch(reject);
  });
}
