import type { PrincipalRecords } from '@evident/core/ports/principal-records';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { recordAudit } from './queries/audit';
import { thirdPartyRequests } from './schema/third-party';
import { apiTokens, users } from './schema/users';

/** The principal-records port over `users` and `api_tokens`. */
export function createPrincipalRecords(db: Database): PrincipalRecords {
  async function findToken(where: SQL) {
    const [row] = await db
      .select({
        id: apiTokens.id,
        userId: apiTokens.userId,
        scope: apiTokens.scope,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
      })
      .from(apiTokens)
      .where(where)
      .limit(1);
    return row ?? null;
  }

  return {
    async findAccount(userId) {
      const [row] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          profileImageUrl: users.profileImageUrl,
          role: users.role,
          approvedAt: users.approvedAt,
          deactivatedAt: users.deactivatedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },
    findTokenByHash: (tokenHash) => findToken(eq(apiTokens.tokenHash, tokenHash)),
    findTokenById: (tokenId) => findToken(eq(apiTokens.id, tokenId)),
    async findThirdPartyLinkByHash(tokenHash) {
      const [row] = await db
        .select({
          requestId: thirdPartyRequests.id,
          studentId: thirdPartyRequests.studentId,
          state: thirdPartyRequests.state,
          expiresAt: thirdPartyRequests.expiresAt,
        })
        .from(thirdPartyRequests)
        .where(eq(thirdPartyRequests.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
    async markTokenUsed(token, at) {
      if (token.lastUsedAt) {
        await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, token.id));
        return;
      }
      // Two first calls at once: only the one that sets the time from null writes the audit row.
      await db.transaction(async (tx) => {
        const [first] = await tx
          .update(apiTokens)
          .set({ lastUsedAt: at })
          .where(and(eq(apiTokens.id, token.id), isNull(apiTokens.lastUsedAt)))
          .returning({ id: apiTokens.id });
        if (first) {
          await recordAudit(tx, {
            actorId: token.userId,
            action: 'token.first_used',
            subjectId: token.userId,
            detail: { tokenId: token.id },
          });
        }
      });
    },
  };
}
