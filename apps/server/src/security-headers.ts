import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type RawServerDefault,
} from 'fastify';
import type { Config } from './config';

export type SecurityHeadersOptions = {
  /** PUBLIC_URL: https turns on HSTS and upgrades stray http subresources. */
  publicUrl: string;
  /** Origins besides our own that the browser reaches for evidence (an S3 endpoint). */
  fileOrigins: string[];
  /** LMS platforms allowed to frame the /lti/* pages and the app (LTI launches open in the LMS's iframe). */
  ltiPlatformOrigins: string[];
};

/** /lti and /lti/... but not an SPA page such as /lti-config. */
const ltiPath = /^\/lti(\/|\?|$)/;
/** Answers for code, not pages: never framed. */
const apiPath = /^\/(api|trpc|files|healthz)(\/|\?|$)/;

/**
 * Browser security headers on every response (helmet's, computed once at start: `helmetHeaderSets`):
 * a Content Security Policy with no inline script (the theme script is a file), no framing except
 * LTI's, nosniff, Referrer-Policy and, on https, HSTS. Mantine writes style attributes and style tags at run time, hence 'unsafe-inline' for
 * styles only.
 */
export async function registerSecurityHeaders<L extends FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, L>,
  options: SecurityHeadersOptions,
) {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const publicOrigin = new URL(options.publicUrl).origin;
  const files = [...new Set([publicOrigin, ...options.fileOrigins])];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...files],
    'media-src': ["'self'", 'data:', 'blob:', ...files],
    'connect-src': ["'self'", ...files],
    // The grading screen previews a PDF in an iframe, from wherever files are stored (S3 too).
    'frame-src': ["'self'", ...files],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // On plain http (a laptop, a LAN address) this would send the page's requests to an https port
    // that is not there.
    'upgrade-insecure-requests': https ? [] : null,
  };
  const global = {
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  } as const;
  const lti = options.ltiPlatformOrigins;
  const csp = (changed: Record<string, string[]>) => ({
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, ...changed } },
  });
  const sets = await helmetHeaderSets(global, {
    // The grading screen previews a PDF in an iframe of our own page (inside an LMS's frame, every
    // ancestor counts, so the platforms too); no other site may frame a file.
    download: csp({ 'frame-ancestors': ["'self'", ...lti] }),
    lti: csp({
      'frame-ancestors': lti.length > 0 ? lti : ["'none'"],
      // Deep-linking answers post a form back to the platform.
      'form-action': ["'self'", ...lti],
    }),
    // A launch goes on into the app inside the LMS's iframe: its pages may be framed by the
    // configured platforms too (and only by them). Server answers that are not pages never are.
    ltiApp: csp({ 'frame-ancestors': lti }),
  });
  const apply = (reply: FastifyReply, headers: HeaderSet) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  };

  // A callback, not async: it runs on every request (app.ts says why).
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/files/download/')) {
      // Helmet's variant, as before: its own Cross-Origin-Resource-Policy (same-origin) included.
      apply(reply, sets.download);
      if (lti.length > 0) reply.raw.removeHeader('x-frame-options');
      else reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
    } else if (req.url.startsWith('/files/')) {
      apply(reply, sets.global);
      // Signed file URLs are their own authority; an <img> or <video> on another origin the app is
      // reached at may load them.
      reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
    } else if (ltiPath.test(req.url)) {
      apply(reply, sets.lti);
      // frame-ancestors decides; X-Frame-Options cannot name another origin.
      if (lti.length > 0) reply.raw.removeHeader('x-frame-options');
    } else if (lti.length > 0 && !apiPath.test(req.url)) {
      apply(reply, sets.ltiApp);
      reply.raw.removeHeader('x-frame-options');
    } else apply(reply, sets.global);
    done();
  });
}

type HeaderSet = [name: string, value: string][];
type HelmetOptions = Parameters<FastifyReply['helmet']>[0];

/**
 * The headers helmet writes for the global options and for each variant laid over them, as it
 * writes them (name case, order, values), asked of helmet once at start on a throwaway Fastify.
 * Registered on the app, @fastify/helmet built helmet's middleware again on every request, parsing
 * every directive each time (some 2-3 % of a hot read's CPU); these never change while we run.
 */
async function helmetHeaderSets<V extends string>(
  global: HelmetOptions,
  variants: Record<V, HelmetOptions>,
): Promise<Record<V | 'global', HeaderSet>> {
  const probe = Fastify();
  await probe.register(helmet, global ?? {});
  const sets: Partial<Record<V | 'global', HeaderSet>> = {};
  probe.addHook('onRequest', async (req, reply) => {
    const name = req.url.slice(1) as V | 'global';
    if (name !== 'global') reply.helmet(variants[name]);
    // Node keeps the case each name was set in (this Node's types do not list it yet).
    const raw = reply.raw as ServerResponse & { getRawHeaderNames(): string[] };
    sets[name] = raw.getRawHeaderNames().map((header) => [header, String(raw.getHeader(header))]);
  });
  probe.get('/*', async () => '');
  for (const name of ['global', ...Object.keys(variants)])
    await probe.inject({ method: 'GET', url: `/${name}` });
  await probe.close();
  return sets as Record<V | 'global', HeaderSet>;
}

/** The browser-facing origins a configuration implies. */
export function securityHeadersFor(config: Config): SecurityHeadersOptions {
  const s3 = config.files.s3;
  const fileOrigins = !s3
    ? []
    : s3.endpoint
      ? [new URL(s3.endpoint).origin]
      : [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://s3.${s3.region}.amazonaws.com`];
  return { publicUrl: config.publicUrl, fileOrigins, ltiPlatformOrigins: config.lti.platformOrigins };
}
