import type { Services } from '@evident/api/context';
import { isImpersonating } from '@evident/core/principal';
import { listLtiPassbacks } from '@evident/db/queries/lti-passbacks';
import { deleteLtiPlatform, listLtiPlatforms, upsertLtiPlatform } from '@evident/db/queries/lti-platforms';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LtiTool } from './lti-tool';
import { ltiPlatformSchema } from './platform-schema';

/**
 * `/api/admin/lti/...`: registered platforms (list, add or update, remove) and key rotation, for an
 * administrator signed in as themselves (or a write-scoped token of theirs).
 */
export async function ltiAdminRoutes(
  app: FastifyInstance,
  { services, tool }: { services: Services; tool: LtiTool | null },
) {
  const text = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type('text/plain; charset=utf-8').send(message);

  async function admin(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { principal, refusal } = await services.authenticator.authenticate(req.headers);
    if (!principal) {
      text(reply, 401, refusal ?? 'Unauthorized');
      return false;
    }
    if (principal.realUser.role !== 'rto_admin' || isImpersonating(principal)) {
      text(reply, 403, 'Forbidden');
      return false;
    }
    if (principal.readOnly && req.method !== 'GET') {
      text(reply, 403, 'This API token is read-only');
      return false;
    }
    return true;
  }

  app.get('/api/admin/lti/platforms', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    return listLtiPlatforms(services.db);
  });

  app.post('/api/admin/lti/platforms', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    const parsed = ltiPlatformSchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return text(reply, 400, parsed.error.issues.map((issue) => issue.message).join('; '));
    return reply.code(201).send(await upsertLtiPlatform(services.db, parsed.data));
  });

  app.delete<{ Params: { id: string } }>('/api/admin/lti/platforms/:id', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    if (!/^[0-9a-f-]{36}$/i.test(req.params.id)) return text(reply, 404, 'Platform not found');
    const removed = await deleteLtiPlatform(services.db, req.params.id);
    return removed ? reply.code(204).send() : text(reply, 404, 'Platform not found');
  });

  // Grade passbacks waiting (with their last error, if any) or given up on.
  app.get('/api/admin/lti/passbacks', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    return listLtiPassbacks(services.db);
  });

  // Dynamic Registration: a link an LMS administrator pastes into their platform, good for a day.
  app.post('/api/admin/lti/registration-link', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    if (!tool) return text(reply, 409, 'LTI is not switched on for this server');
    const audience = `${tool.publicUrl}/lti/register`;
    const invite = await (await tool.signer()).sign({}, { expiresIn: '24h', audience, issuer: audience });
    return { url: `${audience}?invite=${invite}` };
  });

  app.post('/api/admin/lti/keys/rotate', async (req, reply) => {
    if (!(await admin(req, reply))) return reply;
    if (!tool) return text(reply, 409, 'LTI is not switched on for this server');
    return { kid: await tool.rotate() };
  });
}
