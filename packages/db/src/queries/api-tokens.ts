import type { TokenScope } from '@evident/core/principal';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { apiTokens } from '../schema/users';
import { recordAudit } from './audit';

/** A token as lists show it: never its hash. */
export type ApiTokenSummary = {
  id: string;
  userId: string;
  name: string;
  scope: TokenScope;
  expiresAt: Date;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const summaryColumns = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  scope: apiTokens.scope,
  expiresAt: apiTokens.expiresAt,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
};

export async function listApiTokens(db: Database, userId: string): Promise<ApiTokenSummary[]> {
  return db
    .select(summaryColumns)
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function findApiToken(db: Database, id: string): Promise<ApiTokenSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(apiTokens).where(eq(apiTokens.id, id)).limit(1);
  return row;
}

/** Stores a new token and its `token.issued` audit row together. */
export async function insertApiToken(
  db: Database,
  token: {
    userId: string;
    name: string;
    scope: TokenScope;
    tokenHash: string;
    expiresAt: Date;
    createdBy: string;
  },
): Promise<ApiTokenSummary> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(apiTokens).values(token).returning(summaryColumns);
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      actorId: token.createdBy,
      action: 'token.issued',
      subjectId: token.userId,
      detail: { tokenId: row.id, name: row.name, scope: row.scope, expiresAt: row.expiresAt.toISOString() },
    });
    return row;
  });
}

/** Revokes a token once; answers false when it was already revoked. Writes `token.revoked` with it. */
export async function revokeApiToken(
  db: Database,
  { id, revokedBy, at }: { id: string; revokedBy: string; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: at, revokedBy })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ userId: apiTokens.userId, name: apiTokens.name });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: revokedBy,
      action: 'token.revoked',
      subjectId: row.userId,
      detail: { tokenId: id, name: row.name },
    });
    return true;
  });
}

/**
 * Revokes every token of the person still live, each with its own `token.revoked` row (`reason`
 * says why), so a later reactivation brings none of them back. Returns how many it revoked.
 */
export async function revokeUserApiTokens(
  db: Database,
  { userId, revokedBy, at, reason }: { userId: string; revokedBy: string; at: Date; reason: 'deactivated' },
): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at, revokedBy })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  for (const row of rows) {
    await recordAudit(db, {
      actorId: revokedBy,
      action: 'token.revoked',
      subjectId: userId,
      detail: { tokenId: row.id, name: row.name, reason },
    });
  }
  return rows.length;
}
