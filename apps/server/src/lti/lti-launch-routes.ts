import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deepLinkChooser } from './lti-deep-link-routes';
import { NeedsStorageCheck, signIn, verifyLaunch } from './lti-launch';
import { type LtiRouteDeps, refuse } from './lti-route-deps';

/** A resource link launch signs the person in and opens the app; a deep linking request opens the unit chooser. */
export function ltiLaunchRoutes(app: FastifyInstance, deps: LtiRouteDeps) {
  async function launchOrDeepLink(req: FastifyRequest, reply: FastifyReply) {
    try {
      const launch = await verifyLaunch(deps, req, reply);
      if (launch.messageType === 'LtiDeepLinkingRequest') return await deepLinkChooser(deps, launch, reply);
      const { user, link, contextId, handoff } = await signIn(deps, launch, reply);
      // A student opens on the link's unit (the dashboard remembers it); a course's teacher on the
      // course, where its roster can be synced; everyone else on home.
      const home =
        user.role === 'student' && link?.unitId
          ? `/?unit=${link.unitId}`
          : user.role === 'assessor' && contextId && launch.membershipsUrl
            ? `/lms-courses?course=${contextId}`
            : '/';
      return reply.header('cache-control', 'no-store').redirect(`${home}#lti_handoff=${handoff}`, 303);
    } catch (error) {
      if (error instanceof NeedsStorageCheck)
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(error.page);
      return refuse(deps.log, reply, 'launch', error);
    }
  }
  app.post('/lti/launch', launchOrDeepLink);
  app.post('/lti/deeplink', launchOrDeepLink);
}
