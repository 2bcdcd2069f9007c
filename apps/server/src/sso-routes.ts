import type { RequestMeta } from '@evident/api/context';
import { createContext } from '@evident/api/context';
import { asTrpcError, httpStatusOf, publicMessage } from '@evident/api/errors';
import { signInWithProvider } from '@evident/api/services';
import { readCookie } from '@evident/auth/cookies';
import { AppError } from '@evident/core/errors';
import { type SsoChecks, SsoRefused } from '@evident/core/ports/single-sign-on';
import { recordAudit } from '@evident/db/queries/audit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerServices } from './services';

/** Holds state, nonce and the PKCE verifier between the redirect and the callback, for ten minutes. */
const CHECKS_COOKIE = 'evident_sso';
const CALLBACK_PATH = '/api/login/callback';

export type SsoRouteOptions = {
  services: ServerServices;
  requestMeta(req: FastifyRequest, reply: FastifyReply): RequestMeta;
  /** PUBLIC_URL unset: the callback is at whatever address the browser reached us. */
  publicUrlFromRequest: boolean;
};

const notConfigured =
  'Single sign-on is not configured on this server. Please sign in with your email and password.';
const expiredMessage = 'Your single sign-on took too long or began in another browser. Please try again.';
const mismatchMessage = 'The answer from your sign-in provider did not match this sign-in. Please try again.';

const wantsPage = (req: FastifyRequest) => Boolean(req.headers.accept?.includes('text/html'));

function checksCookie(value: string, maxAge: number, secure: boolean): string {
  return `${CHECKS_COOKIE}=${value}; Path=/api/login; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Where the person was when they chose single sign-on (a class invitation link, a deep link), taken
 * only as a path on this site: never another origin (`//host`, `/\host`), so the callback cannot be
 * made to send anyone elsewhere.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/')) return null;
  // Read as a browser would: a path that reaches another host has another origin here.
  const base = 'http://return.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

type StoredChecks = { checks: SsoChecks; returnTo: string | null };

function readChecks(req: FastifyRequest): StoredChecks | null {
  const raw = readCookie(req.headers.cookie, CHECKS_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<SsoChecks> & {
      returnTo?: unknown;
    };
    const { state, nonce, codeVerifier, redirectUri } = parsed;
    if (
      typeof state === 'string' &&
      typeof nonce === 'string' &&
      typeof codeVerifier === 'string' &&
      typeof redirectUri === 'string'
    )
      return {
        checks: { state, nonce, codeVerifier, redirectUri },
        returnTo: safeReturnPath(parsed.returnTo),
      };
  } catch {
    // A cookie we did not write: as if there were none.
  }
  return null;
}

/**
 * `/api/login` and its callback: OpenID Connect sign-in (spec section 7). A person in a browser who
 * is refused lands on the landing page with the reason in a toast; other callers get the status and
 * the reason as text.
 */
export async function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions) {
  const { services } = options;
  const secure = services.publicUrl.startsWith('https://');

  function refuse(req: FastifyRequest, reply: FastifyReply, status: number, message: string) {
    if (wantsPage(req)) return reply.redirect(`/?sso_error=${encodeURIComponent(message)}`, 303);
    return reply.code(status).type('text/plain; charset=utf-8').send(message);
  }

  app.get<{ Querystring: { returnTo?: string } }>('/api/login', async (req, reply) => {
    const sso = services.singleSignOn;
    if (!sso) {
      if (wantsPage(req)) return reply.redirect('/?sso=unavailable', 303);
      return reply.code(501).type('text/plain; charset=utf-8').send(notConfigured);
    }
    const base = options.publicUrlFromRequest ? `${req.protocol}://${req.host}` : services.publicUrl;
    try {
      const { url, checks } = await sso.start(`${base}${CALLBACK_PATH}`);
      const returnTo = safeReturnPath(req.query.returnTo);
      const value = Buffer.from(JSON.stringify({ ...checks, returnTo })).toString('base64url');
      reply.header('set-cookie', checksCookie(value, 600, secure));
      return reply.redirect(url, 302);
    } catch (error) {
      services.log.error(error, 'single sign-on could not reach the provider');
      return refuse(
        req,
        reply,
        502,
        'Your sign-in provider cannot be reached just now. Please try again later.',
      );
    }
  });

  app.get<{ Querystring: Record<string, string> }>(CALLBACK_PATH, async (req, reply) => {
    const sso = services.singleSignOn;
    if (!sso) return refuse(req, reply, 501, notConfigured);
    const stored = readChecks(req);
    // Spent either way: one answer per sign-in.
    reply.header('set-cookie', checksCookie('', 0, secure));
    if (!stored) return refuse(req, reply, 400, expiredMessage);
    const { checks, returnTo } = stored;
    const answer = new URLSearchParams(req.query);
    if (answer.has('error')) {
      const said = answer.get('error_description') ?? answer.get('error') ?? '';
      return refuse(req, reply, 400, `Your sign-in provider did not sign you in (${said.slice(0, 200)}).`);
    }
    const ctx = await createContext(services, options.requestMeta(req, reply));
    try {
      const claims = await sso.finish(answer, checks);
      await signInWithProvider(ctx, claims);
      return reply.redirect(returnTo ?? '/dashboard', 303);
    } catch (thrown) {
      if (thrown instanceof SsoRefused) {
        await recordAudit(services.db, {
          actorId: null,
          action: 'sign-in.failure',
          detail: { method: 'oidc', ip: req.ip, reason: thrown.message },
        });
        return refuse(req, reply, 400, mismatchMessage);
      }
      if (thrown instanceof AppError) {
        const error = asTrpcError(thrown);
        return refuse(req, reply, httpStatusOf(error), thrown.message);
      }
      services.log.error(thrown, 'single sign-on failed');
      const error = asTrpcError(thrown);
      return refuse(
        req,
        reply,
        502,
        httpStatusOf(error) >= 500 ? 'Single sign-on failed. Please try again later.' : publicMessage(error),
      );
    }
  });
}
