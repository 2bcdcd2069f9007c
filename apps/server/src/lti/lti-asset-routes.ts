import { canvasToolConfiguration } from '@evident/lti/config-json';
import type { FastifyInstance } from 'fastify';
import { autoSubmitScript } from './lti-pages';
import type { LtiRouteDeps } from './lti-route-deps';
import { storageScript } from './lti-storage-pages';

/** What platforms and the tool's own pages fetch: the key set, the Canvas configuration, the pages' scripts. */
export function ltiAssetRoutes(app: FastifyInstance, { tool }: LtiRouteDeps) {
  app.get('/lti/keys', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send((await tool.signer()).jwks()),
  );
  app.get('/lti/config.json', async () => canvasToolConfiguration(tool.publicUrl));
  app.get('/lti/auto-submit.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(autoSubmitScript),
  );

  app.get('/lti/storage.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(storageScript),
  );
}
