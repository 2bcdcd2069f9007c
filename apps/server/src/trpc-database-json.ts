import { type HeldDatabaseJson, holdingDatabaseJson, spliceDatabaseJson } from '@evident/api/rest';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The tRPC half of sending database-written JSON as it is (packages/api/src/database-json.ts): the
// request's context holds the texts, and the answer gets them back in place of their placeholders.

const heldByRequest = new WeakMap<FastifyRequest, HeldDatabaseJson>();

export function holdingDatabaseJsonFor<C extends object>(req: FastifyRequest, ctx: C): C {
  const held: HeldDatabaseJson = new Map();
  heldByRequest.set(req, held);
  return holdingDatabaseJson(ctx, held);
}

/** onSend, in the tRPC scope: before compression, after web-assets.ts has read a JSON answer whole. */
export async function spliceHeldDatabaseJson(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const held = heldByRequest.get(req);
  if (!held || held.size === 0) return payload;
  let body: string;
  if (payload instanceof Response) {
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    body = await payload.text();
  } else if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    body = payload.toString();
  } else {
    return payload;
  }
  reply.removeHeader('content-length');
  return spliceDatabaseJson(body, held);
}
