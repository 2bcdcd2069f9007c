import { AppError } from '@evident/core/errors';
import { tokenScopes } from '@evident/core/principal';
import { text } from '@evident/core/text-fields';
import {
  type ApiTokenSummary,
  findApiToken,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
} from '@evident/db/queries/api-tokens';
import { findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_TOKEN_DAYS = 90;

const userId = z.uuid({ error: 'userId must be a user id' });
const tokenId = z.uuid({ error: 'tokenId must be a token id' });

export const issueTokenInput = z.object({
  name: text({ label: 'Token name', max: 100, trim: true, required: 'Give the token a name' }),
  scope: z.enum(tokenScopes, { error: "scope must be 'read' or 'write'" }),
  expiresInDays: z
    .number({ error: 'expiresInDays must be a number of days' })
    .int('expiresInDays must be a whole number of days')
    .min(1, 'A token lasts at least 1 day')
    .max(366, 'A token lasts at most 366 days')
    .default(DEFAULT_TOKEN_DAYS),
});
export const issueTokenForUserInput = issueTokenInput.extend({ userId });
export const tokenIdInput = z.object({ tokenId });
export const userIdInput = z.object({ userId });

export const apiTokenView = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(tokenScopes),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  /** `active` until it is revoked or expires. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;
export const issuedTokenView = z.object({
  id: z.uuid(),
  /** The secret, shown this once; only its hash is kept. */
  token: z.string(),
});
export const revokedTokenView = z.object({ id: z.uuid(), revoked: z.literal(true) });

function toView(row: ApiTokenSummary, now: Date): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
  };
}

export async function listTokens(ctx: AuthedContext, ownerId: string): Promise<ApiTokenView[]> {
  const now = new Date();
  return (await listApiTokens(ctx.db, ownerId)).map((row) => toView(row, now));
}

/**
 * Tokens are issued from a signed-in session only: a leaked token must not be able to mint
 * itself successors that outlive its revocation.
 */
function requireSessionCaller(ctx: AuthedContext): void {
  if (ctx.principal.proof.kind === 'token') {
    throw new AppError('FORBIDDEN', 'API tokens can only be issued or revoked from a signed-in session');
  }
}

export async function issueToken(
  ctx: AuthedContext,
  input: z.output<typeof issueTokenInput> & { userId: string },
): Promise<z.infer<typeof issuedTokenView>> {
  requireSessionCaller(ctx);
  const owner = await findUserById(ctx.db, input.userId);
  if (!owner) throw new AppError('NOT_FOUND', 'User not found');
  if (owner.deactivatedAt) throw new AppError('CONFLICT', 'This person has been deactivated');
  const { token, tokenHash } = ctx.authenticator.newTokenSecret();
  const row = await insertApiToken(ctx.db, {
    userId: owner.id,
    name: input.name,
    scope: input.scope,
    tokenHash,
    expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
    createdBy: ctx.principal.realUser.id,
  });
  return { id: row.id, token };
}

/** Revokes at once: the next call with the token is refused. Only its owner or an admin may. */
export async function revokeToken(ctx: AuthedContext, input: { tokenId: string }, asAdmin: boolean) {
  requireSessionCaller(ctx);
  const token = await findApiToken(ctx.db, input.tokenId);
  if (!token || (!asAdmin && token.userId !== ctx.principal.realUser.id)) {
    throw new AppError('NOT_FOUND', 'Token not found');
  }
  await revokeApiToken(ctx.db, { id: token.id, revokedBy: ctx.principal.realUser.id, at: new Date() });
  return { id: token.id, revoked: true as const };
}
