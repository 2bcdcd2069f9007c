import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../client';
import { ltiLogins } from '../schema/lti';

export async function saveLtiLogin(
  db: Database,
  login: { state: string; nonce: string; platformId: string; expiresAt: Date; storageTarget?: string | null },
): Promise<void> {
  await db.insert(ltiLogins).values(login);
  // Old logins go as new ones come: the table holds only the last few minutes.
  await db.delete(ltiLogins).where(lt(ltiLogins.expiresAt, new Date(login.expiresAt.getTime() - 86_400_000)));
}

/**
 * Spends a login once: the state must be ours, unexpired, for this platform and carry this nonce.
 * 'used' when it was spent before (a replayed launch).
 */
export async function spendLtiLogin(
  db: Database,
  { state, nonce, platformId, now }: { state: string; nonce: string; platformId: string; now: Date },
): Promise<'ok' | 'used' | 'unknown' | 'expired'> {
  const [spent] = await db
    .update(ltiLogins)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiLogins.state, state),
        eq(ltiLogins.nonce, nonce),
        eq(ltiLogins.platformId, platformId),
        isNull(ltiLogins.usedAt),
        gt(ltiLogins.expiresAt, now),
      ),
    )
    .returning({ state: ltiLogins.state });
  if (spent) return 'ok';
  const [row] = await db.select().from(ltiLogins).where(eq(ltiLogins.nonce, nonce));
  if (row?.usedAt) return 'used';
  if (row && row.expiresAt <= now) return 'expired';
  return 'unknown';
}

/** The login a state names, unspent and unexpired: whether the platform's storage holds its state. */
export async function findOpenLtiLogin(db: Database, state: string, now: Date) {
  const [row] = await db
    .select({ storageTarget: ltiLogins.storageTarget })
    .from(ltiLogins)
    .where(and(eq(ltiLogins.state, state), isNull(ltiLogins.usedAt), gt(ltiLogins.expiresAt, now)));
  return row;
}
