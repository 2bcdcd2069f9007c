import { upsertLtiPlatform } from '@evident/db/queries/lti-platforms';
import { LtiRefusal } from '@evident/lti/refusal';
import { registerWithPlatform } from '@evident/lti/registration';
import type { FastifyInstance } from 'fastify';
import { registeredPage } from './lti-pages';
import { type Form, type LtiRouteDeps, refuse } from './lti-route-deps';

/**
 * Dynamic Registration: the platform opens our registration URL with `openid_configuration` and
 * `registration_token`. The URL carries an invitation an admin created (signed, a day long), so
 * nobody else can register a platform.
 */
export function ltiRegistrationRoutes(app: FastifyInstance, { db, log, tool }: LtiRouteDeps) {
  app.get<{ Querystring: Form }>('/lti/register', async (req, reply) => {
    try {
      const invite = req.query.invite
        ? await (await tool.signer()).verifyOwn(req.query.invite, `${tool.publicUrl}/lti/register`)
        : null;
      if (!invite)
        throw new LtiRefusal(
          'This registration link is not valid or has expired. Ask an Evident administrator for a new one.',
          'registration without a valid invitation',
          403,
        );
      if (!req.query.openid_configuration || !URL.canParse(req.query.openid_configuration))
        throw new LtiRefusal('The platform did not send its configuration.', 'no openid_configuration');
      const registered = await registerWithPlatform({
        openidConfigurationUrl: req.query.openid_configuration,
        registrationToken: req.query.registration_token ?? null,
        publicUrl: tool.publicUrl,
      });
      await upsertLtiPlatform(db, registered);
      log.info(`LTI: platform ${registered.issuer} (client ${registered.clientId}) registered dynamically`);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(registeredPage(registered.issuer));
    } catch (error) {
      return refuse(log, reply, 'registration', error);
    }
  });
}
