import { AppError } from '@evident/core/errors';
import type { LtiPlatformInput } from '@evident/core/lti-platform';
import type { LtiKeys } from '@evident/core/ports/lti-keys';
import { isUniqueViolation } from '@evident/db/errors';
import { listLtiPassbacks, retryLtiPassback } from '@evident/db/queries/lti-passbacks';
import {
  deleteLtiPlatform,
  listLtiPlatforms,
  updateLtiPlatform,
  upsertLtiPlatform,
} from '@evident/db/queries/lti-platforms';
import type { Context } from '../../context';

const platformView = (row: Awaited<ReturnType<typeof listLtiPlatforms>>[number]) => ({
  id: row.id,
  issuer: row.issuer,
  clientId: row.clientId,
  deploymentIds: row.deploymentIds,
  authorizationUrl: row.authorizationUrl,
  tokenUrl: row.tokenUrl,
  jwksUrl: row.jwksUrl,
  trustTeachingRoles: row.trustTeachingRoles,
  createdAt: row.createdAt.toISOString(),
});

const sameRegistration = () =>
  new AppError('CONFLICT', 'Another platform is already registered with this issuer and client id');

export async function listPlatforms(ctx: Context) {
  return (await listLtiPlatforms(ctx.db)).map(platformView);
}

/** Adding a platform that is already registered (same issuer and client id) refuses rather than overwrites. */
export async function addPlatform(ctx: Context, input: LtiPlatformInput) {
  const known = (await listLtiPlatforms(ctx.db)).some(
    (row) => row.issuer === input.issuer && row.clientId === input.clientId,
  );
  if (known) throw sameRegistration();
  return platformView(await upsertLtiPlatform(ctx.db, input));
}

export async function changePlatform(ctx: Context, { id, ...input }: LtiPlatformInput & { id: string }) {
  try {
    const row = await updateLtiPlatform(ctx.db, id, input);
    if (!row) throw new AppError('NOT_FOUND', 'Platform not found');
    return platformView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw sameRegistration();
    throw error;
  }
}

export async function removePlatform(ctx: Context, id: string) {
  if (!(await deleteLtiPlatform(ctx.db, id))) throw new AppError('NOT_FOUND', 'Platform not found');
  return { id };
}

export async function listPassbacks(ctx: Context) {
  const rows = await listLtiPassbacks(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    nextAttemptAt: row.status === 'queued' ? row.runAfter.toISOString() : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    studentName:
      row.studentFirstName !== null ? `${row.studentFirstName} ${row.studentLastName ?? ''}`.trim() : null,
    linkTitle: row.linkTitle,
    unitCode: row.unitCode,
    issuer: row.issuer,
  }));
}

/** Sends a waiting or failed passback again now; the worker is woken so it goes at once. */
export async function retryPassback(ctx: Context, id: string) {
  if (!(await retryLtiPassback(ctx.db, id, new Date())))
    throw new AppError('NOT_FOUND', 'That passback is not waiting or failed any more');
  ctx.jobs.wake();
  return { id };
}

/**
 * Whether LTI is on: the screens that register platforms say so rather than offer what cannot work.
 * The keys are there exactly when it is (`LTI_ENABLED` and `LTI_PRIVATE_KEY`).
 */
export function ltiStatus(ctx: Context) {
  return { enabled: ctx.ltiKeys !== null };
}

function ltiKeysOf(ctx: Context): LtiKeys {
  if (!ctx.ltiKeys) throw new AppError('CONFLICT', 'LTI is not switched on for this server');
  return ctx.ltiKeys;
}

/** Dynamic Registration: a link an LMS administrator pastes into their platform, good for a day. */
export async function createRegistrationLink(ctx: Context) {
  return { url: await ltiKeysOf(ctx).registrationLink() };
}

export async function rotateKey(ctx: Context) {
  return { kid: await ltiKeysOf(ctx).rotate() };
}
