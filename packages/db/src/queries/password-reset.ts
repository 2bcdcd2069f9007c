import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { passwordResetTokens } from '../schema/users';

export async function insertResetToken(
  db: Database,
  token: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/**
 * Marks the token used and returns its user in one statement, so two requests racing with the same
 * link cannot both succeed.
 */
export async function consumeResetToken(
  db: Database,
  { tokenHash, now }: { tokenHash: string; now: Date },
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Marks every unused token of the user as used, so no older link still works after a reset. */
export async function spendResetTokensOf(
  db: Database,
  { userId, now }: { userId: string; now: Date },
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
