import { isImpersonating } from '@evident/core/principal';
import { createLtiHandoff, spendLtiHandoff } from '@evident/db/queries/lti-handoffs';
import { LtiRefusal } from '@evident/lti/refusal';
import type { FastifyInstance } from 'fastify';
import { type Form, handoffTtlMs, type LtiRouteDeps, refuse } from './lti-route-deps';

/** A launch's handoff spent: as the iframe tab's own session, or as a first-party window's cookie. */
export function ltiSessionRoutes(app: FastifyInstance, { db, sessions, authenticator, log }: LtiRouteDeps) {
  // The app inside the LMS iframe: a launch's handoff becomes this tab's session token (a new
  // session of the same person, sent by the app as a header).
  app.post('/lti/session', async (req, reply) => {
    const handoff = (req.body as { handoff?: unknown } | undefined)?.handoff;
    const userId = typeof handoff === 'string' ? await spendLtiHandoff(db, handoff, new Date()) : undefined;
    if (!userId)
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send('This launch has expired or was already used. Open the link in your course again.');
    const { session } = await sessions.create(userId, 'lti');
    return reply.header('cache-control', 'no-store').send({ sessionToken: session.sessionId });
  });

  // 'Open in new window': the iframe's tab asks for a one-time link that signs the same person in
  // to a first-party window, where cookies work as usual.
  app.post('/lti/handoff', async (req, reply) => {
    const { principal } = await authenticator.authenticate(req.headers);
    if (principal?.proof.kind !== 'session' || isImpersonating(principal))
      return reply.code(401).type('text/plain; charset=utf-8').send('Sign in through your course first.');
    const handoff = await createLtiHandoff(db, principal.realUser.id, new Date(Date.now() + handoffTtlMs));
    return reply.header('cache-control', 'no-store').send({ url: `/lti/continue?handoff=${handoff}` });
  });

  app.get<{ Querystring: Form }>('/lti/continue', async (req, reply) => {
    try {
      const userId = req.query.handoff ? await spendLtiHandoff(db, req.query.handoff, new Date()) : undefined;
      if (!userId)
        throw new LtiRefusal(
          'This link has expired or was already used. Open Evident from your course again.',
          'handoff unknown, spent or expired',
          401,
        );
      const { cookie } = await sessions.create(userId, 'lti');
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect('/', 303);
    } catch (error) {
      return refuse(log, reply, 'new window', error);
    }
  });
}
