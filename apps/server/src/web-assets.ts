import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import type { Services } from '@evident/api/context';
import { readCookie } from '@evident/auth/cookies';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
} from 'fastify';
import { type FirstScreenPages, firstScreenPages } from './first-screen';

/** Build output under /assets/ carries a content hash in its name: a new build is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the HTML, the service worker, the manifest, theme.js) is revalidated by ETag. */
const REVALIDATE = 'no-cache';
/** A page with someone's own screen and answers in it: kept by no shared cache, asked for again each visit. */
const PERSONAL = 'private, no-cache';

/** API answers worth compressing on the fly; everything else is media, a stream or compressed at build. */
const COMPRESSIBLE_ANSWER = /^(application\/json|text\/plain|text\/csv)\b/;
/** The same, and the HTML of a first screen rendered per person (first-screen.ts). */
const PAGE_OR_ANSWER = /^(application\/json|text\/plain|text\/csv|text\/html)\b/;

/**
 * Dynamic compression for API answers of at least 1 KB (below that the headers cost more than the
 * bytes saved). Not for the live stream (text/event-stream is not in the list, and brotli would hold
 * events back in its buffer), nor /files: evidence is already compressed media and its downloads use
 * byte ranges. Must be registered before any route so its onRoute hook sees them all.
 */
export async function registerCompression<L extends FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, L>,
): Promise<void> {
  // Runs before @fastify/compress's own onRoute hook, which reads the flag.
  app.addHook('onRoute', (route) => {
    if (route.url?.startsWith('/files')) route.compress = false;
  });
  // tRPC answers with a fetch Response, whose body @fastify/compress sees as a stream of unknown
  // size, so it would compress even a 100-byte answer: a JSON one is read whole first (it is complete
  // JSON anyway, unlike the live stream) so the threshold applies. Global onSend hooks run before the
  // plugin's route one.
  // A callback, not async: it runs on every answer (app.ts says why).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!(payload instanceof Response) || !payload.body) return done(null, payload);
    if (!COMPRESSIBLE_ANSWER.test(payload.headers.get('content-type') ?? '')) return done(null, payload);
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    payload.arrayBuffer().then(
      (body) => done(null, Buffer.from(body)),
      (error: Error) => done(error),
    );
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_ANSWER,
    // Brotli's default quality (11) is for build time; 4 compresses about as well as gzip 6, faster.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * Helmet's headers that only a document (or a worker) obeys: on a script, a stylesheet or an icon
 * they are about 700 bytes of nothing, on each of the twenty-odd files of a first visit. nosniff and
 * Cross-Origin-Resource-Policy stay: those are the ones a subresource is checked against.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function setCacheHeaders(reply: FastifyReply, path: string): void {
  if (!path.includes('/assets/')) {
    reply.header('cache-control', REVALIDATE);
    return;
  }
  reply.header('cache-control', IMMUTABLE);
  for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
}

/** The first screen's page, or null for the app shell; a failed render costs the person only the shell. */
async function renderedPage(
  pages: FirstScreenPages,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  try {
    return await pages(req, reply);
  } catch (error) {
    req.log.warn({ err: error }, 'first screen not rendered; the app shell serves');
    return null;
  }
}

/**
 * The built web app: files as built, with the brotli and gzip copies the web build writes beside them
 * (apps/web/build/compress-assets.ts) chosen by Accept-Encoding; then the SPA's HTML for any other page.
 */
export async function registerWebApp<L extends FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, L>,
  webDist: string,
  services: Services,
): Promise<void> {
  const sessionCookieName = services.sessions.cookieName;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own cache-control instead of the plugin's `public, max-age=0`; ETags stay on.
    cacheControl: false,
    setHeaders: (reply, path) => setCacheHeaders(reply, path),
    // Source maps stay on the machine that built them.
    allowedPath: (path) => !path.endsWith('.map'),
  });

  // The landing page prerendered at build time. Only for a visitor without a session cookie: anyone
  // with one most likely lands on their dashboard, so they get the app shell of index.html instead.
  const landing = existsSync(`${webDist}/landing.html`) ? 'landing.html' : 'index.html';
  const firstScreen = firstScreenPages(webDist, services);

  // A route rather than the not-found handler, so @fastify/compress sees the pages rendered per person
  // (the built ones are sent as compressed at build).
  app.get('/*', { compress: { customTypes: PAGE_OR_ANSWER } }, async (req, reply) => {
    // A missing build asset is a 404, never the SPA: after a deploy, a tab still on the old build
    // asks for old chunk names, and HTML in their place fails as a module the router cannot recover.
    if (/^\/(api|trpc|files|lti|assets)(\/|$)/.test(req.url)) return notFound(reply);
    const path = req.url.split('?')[0];
    const signedOut = readCookie(req.headers.cookie, sessionCookieName) === null;
    const rendered = signedOut || !firstScreen ? null : await renderedPage(firstScreen, req, reply);
    if (rendered !== null) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', PERSONAL)
        .header('vary', 'cookie')
        .send(rendered);
    }
    const page = path === '/' && signedOut ? landing : 'index.html';
    setCacheHeaders(reply, page);
    // Client-side routes: the SPA decides between a screen, the landing page and its 404.
    return reply.type('text/html; charset=utf-8').header('vary', 'cookie').sendFile(page);
  });
  app.setNotFoundHandler((_req, reply) => notFound(reply));
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}
