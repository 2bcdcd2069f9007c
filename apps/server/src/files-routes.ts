import { Readable } from 'node:stream';
import type { LocalDiskStorage } from '@evident/storage/local-disk';
import {
  type FileRequest,
  type FileResponse,
  handleDownloadRequest,
  handleUploadRequest,
} from '@evident/storage/local-file-requests';
import type { Query } from '@evident/storage/url-signing';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

/**
 * `/files/upload/*` and `/files/download/*` for the local-disk store (protocol at the top of
 * packages/storage/src/local-disk.ts). No cookie is read here: the signed URL is the only authority,
 * which is also why the Origin check leaves /files alone.
 *
 * Bodies are never buffered. Inside this plugin every content type is handed to the handler as the
 * raw request stream, which the storage package pipes to disk while counting against the signed
 * limit; Fastify's own bodyLimit does not apply to a stream it never reads, and is raised anyway so
 * that it can never cut in first.
 */
export type FilesRoutesOptions = {
  storage: LocalDiskStorage;
  maxUploadBytes: number;
  /**
   * Why a file that is not found was removed on purpose (an audit pack disposed of with its records),
   * answered 410 with that reason instead of a bare 404; null when nothing is known of it.
   */
  goneReason?: (objectPath: string) => Promise<string | null>;
};

/** Register with `app.register(filesRoutes, ...)`: a plugin of its own, so its parsers stay inside it. */
export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (files, options) => {
  const { storage } = options;
  files.removeAllContentTypeParsers();
  files.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  files.route({
    method: ['PUT', 'POST', 'GET', 'HEAD', 'DELETE'],
    url: '/files/upload/*',
    bodyLimit: options.maxUploadBytes + 1024 * 1024,
    exposeHeadRoute: false,
    handler: async (req, reply) => send(reply, await handleUploadRequest(storage, toFileRequest(req))),
  });

  files.route({
    method: ['GET', 'HEAD'],
    url: '/files/download/*',
    exposeHeadRoute: false,
    handler: async (req, reply) => {
      const request = toFileRequest(req);
      const response = await handleDownloadRequest(storage, request);
      const reason = response.status === 404 ? await options.goneReason?.(request.objectPath) : null;
      if (reason) return reply.code(410).type('text/plain; charset=utf-8').send(reason);
      return send(reply, response);
    },
  });
};

function toFileRequest(req: FastifyRequest): FileRequest {
  return {
    method: req.method,
    // find-my-way has already percent-decoded the wildcard.
    objectPath: (req.params as { '*'?: string })['*'] ?? '',
    query: req.query as Query,
    headers: req.headers,
    body: req.body instanceof Readable ? req.body : req.raw,
  };
}

function send(reply: FastifyReply, response: FileResponse): FastifyReply {
  // A stalled upload was already answered with a 408 (slow-clients.ts).
  if (reply.sent) return reply;
  reply.code(response.status).headers(response.headers);
  return reply.send(response.body ?? undefined);
}
