import { z } from 'zod';

/** Whole or fractional seconds, up to an hour. */
const seconds = z.coerce
  .number({ error: 'must be a number of seconds' })
  .positive('must be more than 0')
  .max(3600, 'must be at most 3600 (an hour)');

/** How long a request body or an idle connection may take, and how many connections one address may hold. */
export const slowClientsEnv = z.object({
  BODY_TIMEOUT_SECONDS: seconds.default(30),
  UPLOAD_IDLE_TIMEOUT_SECONDS: seconds.default(60),
  IDLE_CONNECTION_TIMEOUT_SECONDS: seconds.default(120),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1, 'must be at least 1').default(64),
});

export const slowClientsConfig = (env: z.infer<typeof slowClientsEnv>) => ({
  bodyTimeoutMs: env.BODY_TIMEOUT_SECONDS * 1000,
  uploadIdleTimeoutMs: env.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
  idleConnectionTimeoutMs: env.IDLE_CONNECTION_TIMEOUT_SECONDS * 1000,
  maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
});
