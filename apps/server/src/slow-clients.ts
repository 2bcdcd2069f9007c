import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { TrustProxy } from './trust-proxy';

export type SlowClientLimits = {
  /** A request body (outside /files uploads) must have arrived whole within this time. */
  bodyTimeoutMs: number;
  /** A /files upload is cut when no byte of it has arrived for this long; a slow phone that is sending keeps going. */
  uploadIdleTimeoutMs: number;
  /** Open connections one address may hold; more are closed at once. */
  maxConnectionsPerAddress: number;
  /** A connection on which nothing moves either way for this long is closed. */
  idleConnectionTimeoutMs: number;
};

export const defaultSlowClientLimits: SlowClientLimits = {
  bodyTimeoutMs: 30_000,
  uploadIdleTimeoutMs: 60_000,
  maxConnectionsPerAddress: 64,
  idleConnectionTimeoutMs: 120_000,
};

const TIMED_OUT = 'The request body did not arrive in time. Please try again.';

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Cuts request bodies that trickle in: a whole-body deadline on every route, and on /files uploads
 * (which may take an hour on a site's phone signal) a deadline that restarts whenever bytes arrive.
 * The answer is a 408 and the connection closes, so the socket and its file descriptor are freed.
 */
export function limitSlowBodies<L extends FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, L>,
  limits: SlowClientLimits,
) {
  // A callback, not async: it runs on every request (app.ts says why).
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    if (!hasBody(raw)) return done();
    const upload = req.url.startsWith('/files/upload/');
    const socket = raw.socket;
    let lastBytes = socket.bytesRead;
    const cut = () => {
      if (raw.complete || reply.sent || socket.destroyed) return;
      req.log.info({ url: req.url }, 'request body timed out');
      reply.hijack();
      reply.raw.writeHead(408, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      reply.raw.end(TIMED_OUT, () => socket.destroy());
    };
    const timer = upload
      ? setInterval(() => {
          // Counting the socket's bytes watches progress without reading the stream the handler owns.
          if (socket.bytesRead === lastBytes) cut();
          lastBytes = socket.bytesRead;
        }, limits.uploadIdleTimeoutMs)
      : setTimeout(cut, limits.bodyTimeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('close', stop);
    done();
  });
}

/**
 * At most `max` open connections per client address. Behind proxies every connection comes from a
 * proxy, so those are not counted (the proxy limits its clients): all of them with a hop count,
 * the listed ones with a list.
 */
export function capConnectionsPerAddress(server: Server, max: number, trustProxy: TrustProxy) {
  if (typeof trustProxy === 'number') return;
  const proxies = new BlockList();
  for (const entry of trustProxy || []) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(bits), type);
  }
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    // A dual-stack listener reports IPv4 clients as ::ffff:a.b.c.d.
    const address = socket.remoteAddress?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
    if (!address || proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
