import type { Services } from '@evident/api/context';
import {
  enrolRosterInCourse,
  findLtiPlatformById,
  listSyncableContexts,
  recordLtiLaunch,
} from '@evident/db/queries/lti';
import { scopes } from '@evident/lti/claims';
import { createServiceTokens, LtiServiceError } from '@evident/lti/grades';
import { fetchMemberships } from '@evident/lti/memberships';
import { roleFromLtiRoles } from '@evident/lti/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { credentialsOf } from '../request-credentials';
import type { LtiTool } from './lti-tool';

/**
 * Names and Role Provisioning: an assessor who launched into a course pulls its roster in. Each
 * active member becomes (or stays) a person linked by platform and subject, and students are
 * enrolled in the units the course's links open.
 */
export async function ltiRosterRoutes(
  app: FastifyInstance,
  { services, tool }: { services: Services; tool: LtiTool },
) {
  const tokens = createServiceTokens({ signer: () => tool.signer() });
  const text = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type('text/plain; charset=utf-8').send(message);

  async function teacher(req: FastifyRequest, reply: FastifyReply) {
    const { principal, refusal } = await services.authenticator.authenticate(
      credentialsOf(req.headers, services.sessions.cookieName),
    );
    if (!principal) return void text(reply, 401, refusal ?? 'Unauthorized');
    const person = principal.actingAs;
    if (!(person.role === 'rto_admin' || (person.role === 'assessor' && person.approved)))
      return void text(reply, 403, 'Forbidden');
    return { userId: person.id, anyCourse: person.role === 'rto_admin', readOnly: principal.readOnly };
  }

  app.get('/api/assessor/lti/courses', async (req, reply) => {
    const who = await teacher(req, reply);
    if (!who) return reply;
    const courses = await listSyncableContexts(services.db, who);
    return courses.map(({ id, title, label }) => ({ id, title, label }));
  });

  app.post<{ Params: { id: string } }>('/api/assessor/lti/courses/:id/sync', async (req, reply) => {
    const who = await teacher(req, reply);
    if (!who) return reply;
    if (who.readOnly) return text(reply, 403, 'This API token is read-only');
    const course = (await listSyncableContexts(services.db, who)).find((c) => c.id === req.params.id);
    if (!course?.membershipsUrl)
      return text(reply, 404, 'Course not found, or its platform offers no roster');
    const platform = await findLtiPlatformById(services.db, course.platformId);
    if (!platform) return text(reply, 404, 'The course platform is no longer registered');
    let members: Awaited<ReturnType<typeof fetchMemberships>>;
    try {
      members = await fetchMemberships(course.membershipsUrl, await tokens(platform, [scopes.memberships]));
    } catch (error) {
      if (!(error instanceof LtiServiceError) && !(error instanceof TypeError)) throw error;
      services.log.warn(`LTI roster sync for ${course.id} failed: ${error.message}`);
      return text(reply, 502, `The learning platform did not give the roster: ${error.message}`);
    }
    const students: { userId: string; platformUserId: string }[] = [];
    let assessors = 0;
    for (const member of members.filter((m) => m.status === 'Active')) {
      const [first, ...rest] = (member.name ?? '').split(/\s+/).filter(Boolean);
      const { user } = await recordLtiLaunch(services.db, {
        platformId: platform.id,
        issuer: platform.issuer,
        subject: member.userId,
        role: roleFromLtiRoles(member.roles),
        firstName: member.givenName ?? first ?? 'Course',
        lastName: member.familyName ?? (rest.join(' ') || 'member'),
        email: member.email,
        context: null,
        resourceLink: null,
      });
      if (user.role === 'student') students.push({ userId: user.id, platformUserId: member.userId });
      else assessors += 1;
    }
    const enrolled = await enrolRosterInCourse(services.db, { contextId: course.id, members: students });
    services.log.info(
      `LTI roster sync for course ${course.id}: ${members.length} members, ${enrolled} enrolments added`,
    );
    return { members: members.length, students: students.length, assessors, enrolled };
  });
}
