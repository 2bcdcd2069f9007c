import { saveLtiLogin } from '@evident/db/queries/lti-logins';
import { parseLoginParams, startLogin } from '@evident/lti/login';
import { LtiRefusal } from '@evident/lti/refusal';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type LtiRouteDeps, refuse } from './lti-route-deps';
import { storagePutPage } from './lti-storage-pages';

/** A login's state and nonce are good for this long: the platform answers within seconds. */
const loginTtlMs = 10 * 60 * 1000;
/** The cookie that ties a launch to the login this browser started (read back by `verifyLaunch`). */
export const stateCookie = (state: string) => `evident_lti_${state}`;

/** OIDC login initiation, by GET or POST as the platform chooses. */
export function ltiLoginRoutes(app: FastifyInstance, { db, log, tool }: LtiRouteDeps) {
  const https = tool.publicUrl.startsWith('https://');
  const login = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const params = parseLoginParams(req.method === 'POST' ? req.body : req.query);
      const platform = await tool.findPlatform(params.iss, params.client_id ? [params.client_id] : []);
      if (!platform)
        throw new LtiRefusal(
          'This learning platform is not registered with Evident. Ask an administrator to register it.',
          `login from unregistered issuer ${params.iss} client ${params.client_id ?? '(none)'}`,
        );
      // The platform checks redirect_uri against the tool's registered launch URLs; ours at the
      // address the browser reached (PUBLIC_URL, or this request's own host when it is unset).
      const target = URL.canParse(params.target_link_uri) ? new URL(params.target_link_uri) : null;
      const ours =
        target?.pathname.startsWith('/lti/') &&
        (target.origin === new URL(tool.publicUrl).origin || target.host === req.host);
      const redirectUri =
        ours && target ? `${target.origin}${target.pathname}` : `${tool.publicUrl}/lti/launch`;
      const started = startLogin(platform, params, redirectUri);
      const storageTarget = params.lti_storage_target || null;
      await saveLtiLogin(db, {
        state: started.state,
        nonce: started.nonce,
        platformId: platform.id,
        expiresAt: new Date(Date.now() + loginTtlMs),
        storageTarget,
      });
      // The launch comes back as a cross-site POST, which carries only a SameSite=None cookie (and
      // browsers keep those only when Secure, so over plain http it is Lax and works top-level only).
      const attributes = https ? 'SameSite=None; Secure' : 'SameSite=Lax';
      reply
        .header(
          'set-cookie',
          `${stateCookie(started.state)}=1; Path=/lti; Max-Age=${loginTtlMs / 1000}; HttpOnly; ${attributes}`,
        )
        .header('cache-control', 'no-store');
      // Inside an iframe the cookie may not be kept: the platform's storage holds the state too.
      if (storageTarget)
        return reply.type('text/html; charset=utf-8').send(
          storagePutPage({
            target: storageTarget,
            origin: new URL(platform.authorizationUrl).origin,
            state: started.state,
            next: started.redirectTo,
          }),
        );
      return reply.redirect(started.redirectTo, 302);
    } catch (error) {
      return refuse(log, reply, 'login', error);
    }
  };
  app.get('/lti/login', login);
  app.post('/lti/login', login);
}
