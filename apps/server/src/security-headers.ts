import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
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
 * Browser security headers on every response (helmet): a Content Security Policy with no inline
 * script (the theme script is a file), no framing except LTI's, nosniff, Referrer-Policy and, on
 * https, HSTS. Mantine writes style attributes and style tags at run time, hence 'unsafe-inline' for
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
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  const lti = options.ltiPlatformOrigins;
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/files/')) {
      // Signed file URLs are their own authority; an <img> or <video> on another origin the app is
      // reached at may load them.
      reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      // The grading screen previews a PDF in an iframe of our own page (inside an LMS's frame, every
      // ancestor counts, so the platforms too); no other site may frame a file.
      if (req.url.startsWith('/files/download/')) {
        reply.helmet({
          contentSecurityPolicy: {
            useDefaults: false,
            directives: { ...directives, 'frame-ancestors': ["'self'", ...lti] },
          },
        });
        if (lti.length > 0) reply.raw.removeHeader('x-frame-options');
        else reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
      }
    } else if (ltiPath.test(req.url)) {
      reply.helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            ...directives,
            'frame-ancestors': lti.length > 0 ? lti : ["'none'"],
            // Deep-linking answers post a form back to the platform.
            'form-action': ["'self'", ...lti],
          },
        },
      });
      // frame-ancestors decides; X-Frame-Options cannot name another origin.
      if (lti.length > 0) reply.raw.removeHeader('x-frame-options');
    } else if (lti.length > 0 && !apiPath.test(req.url)) {
      // A launch goes on into the app inside the LMS's iframe: its pages may be framed by the
      // configured platforms too (and only by them). Server answers that are not pages never are.
      reply.helmet({
        contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'frame-ancestors': lti } },
      });
      reply.raw.removeHeader('x-frame-options');
    }
  });
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
