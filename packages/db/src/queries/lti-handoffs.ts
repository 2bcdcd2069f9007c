import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../client';
import { ltiHandoffs } from '../schema/lti';

const sha256 = async (value: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))).toString('hex');

/** A single-use handoff for this person, good until `expiresAt`; the secret is returned, its hash kept. */
export async function createLtiHandoff(db: Database, userId: string, expiresAt: Date): Promise<string> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  await db.insert(ltiHandoffs).values({ tokenHash: await sha256(token), userId, expiresAt });
  // Spent and expired ones go as new ones come.
  await db.delete(ltiHandoffs).where(lt(ltiHandoffs.expiresAt, new Date(expiresAt.getTime() - 86_400_000)));
  return token;
}

/** Spends a handoff once: the person it was for, or undefined (unknown, spent or expired). */
export async function spendLtiHandoff(db: Database, token: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(ltiHandoffs)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiHandoffs.tokenHash, await sha256(token)),
        isNull(ltiHandoffs.usedAt),
        gt(ltiHandoffs.expiresAt, now),
      ),
    )
    .returning({ userId: ltiHandoffs.userId });
  return row?.userId;
}
