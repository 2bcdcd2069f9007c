import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';

export class PortTakenError extends Error {}

export type EarlyServer = {
  server: Server;
  /** For Fastify's `serverFactory`: remembers Fastify's handler without serving with it yet. */
  factory(handler: RequestListener): Server;
  /** From now on requests go to Fastify. */
  open(): void;
};

function starting(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'retry-after': '1',
    connection: 'close',
  });
  res.end('Evident is starting. Try again in a moment.');
}

/**
 * Binds the port before anything slow or stateful happens (the database is opened and migrated only
 * once the port is ours), so a taken port is one clear line and never a half-started second server.
 * Until Fastify is ready, requests get a 503 that says so.
 */
export async function listenEarly(
  port: number,
  host: string,
  timeouts: { idleConnectionTimeoutMs: number },
): Promise<EarlyServer> {
  let handler: RequestListener = starting;
  let fastifyHandler: RequestListener | null = null;
  const server = createServer((req, res) => handler(req, res));
  // Fastify sets these on servers it creates itself, not on one handed to it.
  server.setTimeout(timeouts.idleConnectionTimeoutMs);
  server.requestTimeout = 0;
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new PortTakenError(
            `Port ${port} on ${host} is already in use: stop what is using it, or set PORT to another port.`,
          ),
        );
      else if (error.code === 'EACCES')
        reject(
          new PortTakenError(`Port ${port} on ${host} needs more privileges: set PORT to 1024 or above.`),
        );
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    factory(fastify) {
      fastifyHandler = fastify;
      return server;
    },
    open() {
      if (!fastifyHandler) throw new Error('the app was not built on this server');
      handler = fastifyHandler;
    },
  };
}
