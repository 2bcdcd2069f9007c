import type { RestResponse } from '@evident/api/rest';
import { downloadFileName } from '@evident/core/download-name';
import { contentDisposition } from '@evident/storage/content-disposition';
import type { FastifyReply } from 'fastify';

/**
 * `attachment; filename="…"`; RFC 6266's encoded copy of the name (`filename*=`) only when the name
 * needs more than plain ASCII, which a quoted `filename` carries whole.
 */
function attachment(fileName: string, contentType: string): string {
  const name = downloadFileName(fileName, contentType);
  return /^[\x20-\x7e]+$/.test(name) && !/["\\]/.test(name)
    ? `attachment; filename="${name}"`
    : contentDisposition('attachment', fileName, contentType);
}

/**
 * A generated REST route's answer onto Fastify's reply (spec section 7: failures as plain text).
 * Returns what the handler returns: a JSON answer goes to Fastify's serialiser.
 */
export function sendRestResponse(reply: FastifyReply, result: RestResponse): unknown {
  reply.code(result.status);
  if ('download' in result) {
    const { fileName, contentType, content, cacheControl } = result.download;
    return reply
      .type(contentType)
      .header('content-disposition', attachment(fileName, contentType))
      .header('cache-control', cacheControl)
      .send(content);
  }
  if ('rawJson' in result) return reply.type('application/json; charset=utf-8').send(result.rawJson);
  if ('json' in result) return result.json;
  if ('text' in result) return reply.type('text/plain; charset=utf-8').send(result.text);
  return reply.send();
}
