import type { Services } from '@evident/api/context';
import { listLtiCourses, syncLtiCourse } from '@evident/api/services';
import { AppError, appErrorTransport } from '@evident/core/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Names and Role Provisioning over REST, for scripts: the same course list and roster sync the
 * assessor's LMS course screen uses (`staff.lmsCourses.list`, `staff.lmsCourses.syncRoster`).
 */
export async function ltiRosterRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const text = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type('text/plain; charset=utf-8').send(message);

  async function teacher(req: FastifyRequest, reply: FastifyReply) {
    const { principal, refusal } = await services.authenticator.authenticate(req.headers);
    if (!principal) return void text(reply, 401, refusal ?? 'Unauthorized');
    const person = principal.actingAs;
    if (!(person.role === 'rto_admin' || (person.role === 'assessor' && person.approved)))
      return void text(reply, 403, 'Forbidden');
    return {
      userId: person.id,
      anyCourse: person.role === 'rto_admin',
      actorId: principal.realUser.id,
      readOnly: principal.readOnly,
    };
  }

  app.get('/api/assessor/lti/courses', async (req, reply) => {
    const who = await teacher(req, reply);
    if (!who) return reply;
    return listLtiCourses(services.db, who);
  });

  app.post<{ Params: { id: string } }>('/api/assessor/lti/courses/:id/sync', async (req, reply) => {
    const who = await teacher(req, reply);
    if (!who) return reply;
    if (who.readOnly) return text(reply, 403, 'This API token is read-only');
    if (!/^[0-9a-f-]{36}$/i.test(req.params.id))
      return text(reply, 404, 'Course not found, or its platform offers no roster');
    try {
      return await syncLtiCourse(services, who, req.params.id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'UPSTREAM_FAILED')
        services.log.warn(`LTI roster sync for ${req.params.id}: ${error.message}`);
      return text(reply, appErrorTransport[error.code].status, error.message);
    }
  });
}
