import type { RequestMeta, Services } from '@evident/api/context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type MailOrigins, mailOriginFor } from './mail-origin';

/**
 * What tRPC's and REST's context needs from a Fastify request: the address, who is calling (the one
 * seam, `services.authenticator`, reads the headers; the context awaits its answer), where links in
 * mail it causes should point, and a way to set the cookie.
 */
export function requestMeta(
  services: Services & { mailOrigins?: MailOrigins },
  req: FastifyRequest,
  reply: FastifyReply,
): RequestMeta {
  return {
    ip: req.ip,
    authentication: services.authenticator.authenticate(req.headers),
    publicUrl: services.mailOrigins ? mailOriginFor(req, services.mailOrigins) : undefined,
    setCookie: (value) => {
      reply.header('set-cookie', value);
    },
  };
}
