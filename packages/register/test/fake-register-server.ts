import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse, hit: number) => void;

export type FakeRegister = {
  baseUrl: string;
  /** Paths (without query) of every request received, in order. */
  requests: string[];
  /** Full URLs (path and query) of every request received, in order. */
  urls: string[];
  close(): Promise<void>;
};

export function sendJson(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/**
 * A stand-in for training.gov.au on 127.0.0.1: routes are keyed by path, unknown paths get the
 * register's 404. Each route receives how many times its path has been hit, starting at 1. A port
 * given brings a register back where one was closed.
 */
export async function startFakeRegister(routes: Record<string, Route>, port = 0): Promise<FakeRegister> {
  const requests: string[] = [];
  const urls: string[] = [];
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname);
    urls.push(`${url.pathname}${url.search}`);
    const hit = (hits.get(url.pathname) ?? 0) + 1;
    hits.set(url.pathname, hit);
    const route = routes[url.pathname];
    if (request.method !== 'GET' || !route) {
      sendJson(response, { title: 'Not Found', status: 404 }, 404);
      return;
    }
    route(request, response, hit);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    urls,
    close: () =>
      new Promise((resolve) => {
        // Routes that never answer (timeouts) would otherwise keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
