import { MAX_CALLS_PER_BATCH } from '@evident/core/batch-limit';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How many calls a tRPC request names: `a,b,c` with `?batch=1`, decoded as tRPC decodes its path. */
function callsNamed(req: FastifyRequest): number {
  const batch = new URL(req.url, 'http://localhost').searchParams.get('batch');
  if (batch !== '1') return 1;
  const path = (req.params as { path?: string }).path ?? '';
  try {
    return decodeURIComponent(path).split(',').length;
  } catch {
    return path.split(',').length; // tRPC answers a malformed path itself
  }
}

/**
 * onRequest hook for the tRPC routes: a batch of more than MAX_CALLS_PER_BATCH calls is refused
 * before its body is read or any call runs. tRPC's own `maxBatchSize` only covers JSON requests and
 * its message does not say the limit; this answers in tRPC's error shape so a tRPC client shows it.
 */
export async function limitBatchSize(req: FastifyRequest, reply: FastifyReply) {
  const calls = callsNamed(req);
  if (calls <= MAX_CALLS_PER_BATCH) return;
  const message = `A batch may hold at most ${MAX_CALLS_PER_BATCH} calls; this one has ${calls}.`;
  return reply.code(413).send({
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY.PAYLOAD_TOO_LARGE,
      data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, fieldErrors: null },
    },
  });
}
