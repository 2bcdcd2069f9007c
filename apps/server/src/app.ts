import { existsSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { disposedPackReason } from '@evident/api/audit-pack';
import { createContext } from '@evident/api/context';
import { INTERNAL_ERROR_MESSAGE } from '@evident/api/errors';
import { restRoutes, runRestRoute } from '@evident/api/rest';
import { type AppRouter, appRouter } from '@evident/api/root';
import { ping } from '@evident/db/client';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import type { Logger as Pino } from 'pino';
import { apiDocsRoutes } from './api-docs';
import { filesRoutes } from './files-routes';
import { ltiRoutes } from './lti/lti-routes';
import { isCrossSiteMutation } from './origin-check';
import { QuietAssetsLogController } from './request-log';
import { requestMeta } from './request-meta';
import { sendRestResponse } from './rest-reply';
import { registerSecurityHeaders, type SecurityHeadersOptions } from './security-headers';
import type { ServerServices } from './services';
import {
  capConnectionsPerAddress,
  defaultSlowClientLimits,
  limitSlowBodies,
  type SlowClientLimits,
} from './slow-clients';
import { ssoRoutes } from './sso-routes';
import { limitBatchSize } from './trpc-batch-limit';
import { holdingDatabaseJsonFor, spliceHeldDatabaseJson } from './trpc-database-json';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy';
import { registerCompression, registerWebApp } from './web-assets';

export type AppOptions = {
  services: ServerServices;
  databaseKind: string;
  /** Built SPA to serve; skipped when absent (API-only tests). */
  webDistDir?: string;
  trustProxy?: TrustProxy;
  logger?: Pino;
  /** Browser security headers; without them (API-only tests) a plain http localhost policy. */
  securityHeaders?: SecurityHeadersOptions;
  slowClients?: SlowClientLimits;
  /** PUBLIC_URL unset: links back to us (the single sign-on callback) use the address the request came to. */
  publicUrlFromRequest?: boolean;
  /** A server that already listens (start-server.ts binds the port before opening the database). */
  serverFactory?: (handler: RequestListener) => Server;
};

/** `?a=1&a=2` keeps `1`: REST parameters are single values. */
function firstValues(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[name] = first;
  }
  return values;
}

export async function buildApp(options: AppOptions) {
  const { services } = options;
  const slowClients = options.slowClients ?? defaultSlowClientLimits;
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    connectionTimeout: slowClients.idleConnectionTimeoutMs,
    // Node's whole-request deadline would also cut an hour-long upload; slow-clients.ts times bodies per route.
    requestTimeout: 0,
    routerOptions: { maxParamLength: 5000 },
    logController: new QuietAssetsLogController(),
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });

  // Spec section 7: clients read a failure's body as text. Fastify's own 4xx (bad JSON, too large)
  // become text too; anything unexpected is logged and answered without internals.
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    const message =
      status >= 500
        ? INTERNAL_ERROR_MESSAGE
        : error.message.replace(/^Body is not valid JSON.*/, 'Malformed JSON body');
    return reply.code(status).type('text/plain; charset=utf-8').send(message);
  });

  await registerCompression(app);
  limitSlowBodies(app, slowClients);
  capConnectionsPerAddress(app.server, slowClients.maxConnectionsPerAddress, options.trustProxy ?? false);
  await registerSecurityHeaders(
    app,
    options.securityHeaders ?? { publicUrl: 'http://localhost', fileOrigins: [], ltiPlatformOrigins: [] },
  );

  // The spec's client sends a JSON content type even with no body; an empty body is simply no input.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });

  // Hooks that run on every request take Fastify's callback rather than being async: a promise less
  // on each (issue 31 §2). An answer sent here is not followed by `done()`.
  app.addHook('onRequest', (req, reply, done) => {
    const refused =
      // Signed file URLs carry their own authority and ignore cookies, so there is nothing to forge.
      !req.url.startsWith('/files/') &&
      // LTI posts come from the platform's origin and carry their own signed tokens (id_token, our
      // deep-link request); they never act on the caller's session cookie.
      !req.url.startsWith('/lti/') &&
      // A read is never refused, so its credentials are read once, by the context, not here too.
      isCrossSiteMutation(req.method, req.headers, req.host) &&
      // Only the cookie path is checked; a bearer-token caller's cookies are never read at all.
      services.authenticator.credentialsOf(req.headers).kind === 'session';
    if (refused) reply.code(403).type('text/plain; charset=utf-8').send('Cross-site request refused');
    else done();
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await ping(services.db);
      return { status: 'ok', database: options.databaseKind };
    } catch (error) {
      services.log.error(error, 'health check failed');
      return reply.code(503).send({ status: 'unavailable', database: options.databaseKind });
    }
  });

  if (services.storage.kind === 'local') {
    await app.register(filesRoutes, {
      storage: services.storage,
      maxUploadBytes: Math.max(...Object.values(services.evidenceLimits.maxBytes)),
      goneReason: (objectPath) => disposedPackReason(services.db, objectPath),
    });
  }

  await app.register(async (trpcScope) => {
    trpcScope.addHook('onRequest', limitBatchSize);
    trpcScope.addHook('onSend', spliceHeldDatabaseJson);
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: async ({ req, res }) =>
          holdingDatabaseJsonFor(req, await createContext(services, requestMeta(services, req, res))),
        onError: ({ error, path }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            services.log.error(error.cause ?? error, `trpc ${path} failed`);
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  // Every /api path but the document and the single sign-on redirects is a procedure's, generated from
  // its `rest` meta (packages/api/src/rest/rest-routes.ts).
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const ctx = await createContext(services, requestMeta(services, req, reply));
        const result = await runRestRoute(route, ctx, {
          body: req.body ?? {},
          params: (req.params ?? {}) as Record<string, string>,
          query: firstValues(req.query),
        });
        return sendRestResponse(reply, result);
      },
    });
  }

  await app.register(apiDocsRoutes, { publicUrl: services.publicUrl });

  const lti = services.lti ? await services.lti : null;
  if (lti) {
    await app.register(ltiRoutes, {
      db: services.db,
      sessions: services.sessions,
      authenticator: services.authenticator,
      log: services.log,
      tool: lti,
      assessorSignup: services.assessorSignup,
      jobs: services.jobs,
      publicUrl: services.publicUrl,
    });
  } else {
    app.all('/lti/*', async (_req, reply) =>
      reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('LTI is not switched on for this server: set LTI_ENABLED=true and LTI_PRIVATE_KEY.'),
    );
  }

  await app.register(ssoRoutes, {
    services,
    requestMeta: (req, reply) => requestMeta(services, req, reply),
    publicUrlFromRequest: options.publicUrlFromRequest ?? false,
  });

  const webDist =
    options.webDistDir && existsSync(`${options.webDistDir}/index.html`) ? options.webDistDir : null;
  if (webDist) await registerWebApp(app, webDist, services);
  else {
    app.setNotFoundHandler((_req, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
    );
  }

  return app;
}
