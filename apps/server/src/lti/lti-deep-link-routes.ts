import { searchUnitsForLinking } from '@evident/db/queries/lti-links';
import { findLtiPlatformById } from '@evident/db/queries/lti-platforms';
import { findUnit } from '@evident/db/queries/units';
import { signDeepLinkResponse } from '@evident/lti/deep-link';
import type { VerifiedLaunch } from '@evident/lti/launch';
import { LtiRefusal } from '@evident/lti/refusal';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { signIn } from './lti-launch';
import { autoPostPage, unitChooserPage } from './lti-pages';
import { type Form, type LtiRouteDeps, refuse } from './lti-route-deps';
import type { LtiTool } from './lti-tool';

/** The audience and issuer of the chooser's own token, so no other token of ours passes for one. */
const requestAudience = (tool: LtiTool) => `${tool.publicUrl}/lti/deeplink`;

/** A teacher's deep linking request: signed in, then shown the units a link may open. */
export async function deepLinkChooser(deps: LtiRouteDeps, launch: VerifiedLaunch, reply: FastifyReply) {
  const { db, tool } = deps;
  const recorded = await signIn(deps, launch, reply);
  if (recorded.user.role === 'student')
    throw new LtiRefusal(
      "Only a course's teachers choose what a link opens.",
      `deep linking by non-teaching roles ${launch.roles.join(' ')}`,
      403,
    );
  const settings = launch.deepLinking;
  if (!settings) throw new LtiRefusal('The launch is missing its deep linking settings.', 'no settings');
  // The choice travels in a token we sign, not a cookie: the chooser works inside any iframe.
  const request = await (await tool.signer()).sign(
    {
      platformId: launch.platform.id,
      deploymentId: launch.deploymentId,
      returnUrl: settings.returnUrl,
      data: settings.data,
      acceptLineItem: settings.acceptLineItem,
      contextTitle: launch.context?.title ?? null,
    },
    { expiresIn: '1h', audience: requestAudience(tool), issuer: requestAudience(tool) },
  );
  const units = await searchUnitsForLinking(db, '');
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(unitChooserPage({ request, query: '', units }));
}

async function readRequest(tool: LtiTool, token: string | undefined) {
  const payload = token ? await (await tool.signer()).verifyOwn(token, requestAudience(tool)) : null;
  if (!payload)
    throw new LtiRefusal(
      'This choice has expired. Go back to your course and add the activity again.',
      'deep link request token invalid or expired',
    );
  return payload as unknown as {
    platformId: string;
    deploymentId: string;
    returnUrl: string;
    data: string | null;
    acceptLineItem: boolean;
  };
}

/** The unit chooser's search, and its answer: the chosen unit as a deep link back to the platform. */
export function ltiDeepLinkRoutes(app: FastifyInstance, { db, log, tool }: LtiRouteDeps) {
  app.get<{ Querystring: Form }>('/lti/deeplink/units', async (req, reply) => {
    try {
      await readRequest(tool, req.query.request);
      const query = (req.query.q ?? '').slice(0, 100);
      const units = await searchUnitsForLinking(db, query);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unitChooserPage({ request: req.query.request ?? '', query, units }));
    } catch (error) {
      return refuse(log, reply, 'deep link search', error);
    }
  });

  app.post('/lti/deeplink/respond', async (req, reply) => {
    try {
      const form = (req.body ?? {}) as Form;
      const request = await readRequest(tool, form.request);
      const unit =
        form.unitId && /^[0-9a-f-]{36}$/i.test(form.unitId) ? await findUnit(db, form.unitId) : undefined;
      if (!unit || unit.archivedAt)
        throw new LtiRefusal('That unit is no longer available. Choose another.', 'unit not found');
      const platform = await findLtiPlatformById(db, request.platformId);
      if (!platform) throw new LtiRefusal('The platform is no longer registered.', 'platform deleted');
      const jwt = await signDeepLinkResponse(await tool.signer(), {
        clientId: platform.clientId,
        issuer: platform.issuer,
        deploymentId: request.deploymentId,
        data: request.data,
        items: [
          {
            title: `${unit.unitCode} ${unit.title}`,
            url: `${tool.publicUrl}/lti/launch`,
            custom: { unit_code: unit.unitCode },
            ...(request.acceptLineItem
              ? {
                  lineItem: {
                    label: `${unit.unitCode} ${unit.title}`,
                    scoreMaximum: 100,
                    resourceId: unit.id,
                    tag: 'evident-unit',
                  },
                }
              : {}),
          },
        ],
      });
      // The form goes to the platform: this page's CSP allows posting there and nowhere else.
      const csp = String(reply.getHeader('content-security-policy') ?? '').replace(
        /form-action [^;]*/,
        `form-action 'self' ${new URL(request.returnUrl).origin}`,
      );
      return reply
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(autoPostPage(request.returnUrl, { JWT: jwt }, `Adding ${unit.unitCode} to your course`));
    } catch (error) {
      return refuse(log, reply, 'deep link response', error);
    }
  });
}
