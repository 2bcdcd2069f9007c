import { z } from 'zod';
import { lookupIdSchema } from './lookup-id';
import { text } from './text-fields';

const url = (label: string) =>
  text({ label, max: 2000, required: `${label} must be a URL` }).pipe(
    z.url({ error: `${label} must be a URL` }),
  );

/**
 * A platform registration as an admin gives it: the admin screen, REST, the CLI or one
 * LTI_PLATFORMS entry all check it with this one schema, so each refuses the same things.
 */
export const ltiPlatformSchema = z.object({
  issuer: text({ label: 'issuer', max: 1000, trim: true, required: true }),
  clientId: text({ label: 'clientId', max: 1000, trim: true, required: true }),
  deploymentIds: z
    .array(
      text({ label: 'A deployment id', max: 1000, trim: true, required: 'a deployment id cannot be empty' }),
      {
        error: 'deploymentIds must be a list of deployment ids',
      },
    )
    .max(100, 'At most 100 deployment ids')
    .default([]),
  authorizationUrl: url('authorizationUrl'),
  tokenUrl: url('tokenUrl'),
  jwksUrl: url('jwksUrl'),
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
