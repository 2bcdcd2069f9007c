import type { FastifyInstance } from 'fastify';
import { ltiAssetRoutes } from './lti-asset-routes';
import { ltiDeepLinkRoutes } from './lti-deep-link-routes';
import { ltiLaunchRoutes } from './lti-launch-routes';
import { ltiLoginRoutes } from './lti-login-routes';
import { ltiRegistrationRoutes } from './lti-registration-routes';
import type { LtiRouteDeps } from './lti-route-deps';
import { ltiSessionRoutes } from './lti-session-routes';

/**
 * `/lti/*`: OIDC login initiation, launch, deep linking, the tool's keys and its configuration. Every
 * refusal is a page saying why (status 4xx) and a log line with the detail.
 */
export async function ltiRoutes(app: FastifyInstance, deps: LtiRouteDeps) {
  // Platforms post forms (login and launch); only these routes read them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Registered on this plugin's own instance, not as child plugins: the form parser above is theirs.
  ltiAssetRoutes(app, deps);
  ltiLoginRoutes(app, deps);
  ltiLaunchRoutes(app, deps);
  ltiDeepLinkRoutes(app, deps);
  ltiSessionRoutes(app, deps);
  ltiRegistrationRoutes(app, deps);
}
