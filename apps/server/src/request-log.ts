import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';

/** Health checks and the web app's files: thousands a session, so they log at debug, not info. */
export function isQuietRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? url;
  return (
    path === '/healthz' ||
    path.startsWith('/assets/') ||
    /^\/[^/]+\.(js|css|svg|png|ico|webmanifest|txt)$/.test(path)
  );
}

/** One line per request, after it is answered; without the signed query of a /files URL. */
export class QuietAssetsLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    const log = reply.log as FastifyBaseLogger & Pick<Logger, 'isLevelEnabled'>;
    // Nothing is worked out for a line the level leaves out (the bench runs at warn, which leaves out
    // info and so debug too).
    if (!log.isLevelEnabled('info')) return;
    const level = isQuietRequest(request.method, request.url) ? 'debug' : 'info';
    if (!log.isLevelEnabled(level)) return;
    const path = request.url.startsWith('/files/') ? (request.url.split('?')[0] ?? '') : request.url;
    const line = { res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) };
    reply.log[level](line, `${request.method} ${path} ${reply.statusCode}`);
  }
}
