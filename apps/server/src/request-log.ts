import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

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
    const path = request.url.startsWith('/files/') ? (request.url.split('?')[0] ?? '') : request.url;
    const line = { res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) };
    const message = `${request.method} ${path} ${reply.statusCode}`;
    if (error) super.requestCompleted(error, request, reply);
    else if (isQuietRequest(request.method, request.url)) reply.log.debug(line, message);
    else reply.log.info(line, message);
  }
}
