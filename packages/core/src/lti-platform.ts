import { z } from 'zod';
import { lookupIdSchema } from './lookup-id';

/**
 * A platform registration as an admin gives it: the admin screen, REST, the CLI or one
 * LTI_PLATFORMS entry all check it with this one schema, so each refuses the same things.
 */
export const ltiPlatformSchema = z.object({
  issuer: z.string({ error: 'issuer is required' }).trim().min(1, 'issuer is required'),
  clientId: z.string({ error: 'clientId is required' }).trim().min(1, 'clientId is required'),
  deploymentIds: z
    .array(z.string().trim().min(1, 'a deployment id cannot be empty'), {
      error: 'deploymentIds must be a list of deployment ids',
    })
    .default([]),
  authorizationUrl: z.url({ error: 'authorizationUrl must be a URL' }),
  tokenUrl: z.url({ error: 'tokenUrl must be a URL' }),
  jwksUrl: z.url({ error: 'jwksUrl must be a URL' }),
  /**
   * Teachers this platform launches for the first time start as approved assessors instead of
   * waiting for an admin. Left out: false for a new platform, unchanged for a known one.
   */
  trustTeachingRoles: z.boolean({ error: 'trustTeachingRoles must be true or false' }).optional(),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformSchema>;

/** A path's platform id (`DELETE /api/admin/lti/platforms/{id}`): one that cannot be an id names no platform. */
export const ltiPlatformIdInput = z.object({ id: lookupIdSchema('Platform') });
export const ltiPlatformUpdateInput = ltiPlatformSchema.extend(ltiPlatformIdInput.shape);
export const ltiPassbackIdInput = z.object({ id: z.uuid({ error: 'id must be a passback id' }) });
