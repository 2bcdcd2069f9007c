import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { identities, sessions } from '../schema/users';

type IdentityKey = { kind: 'oidc' | 'lti'; issuer: string; subject: string };

export async function findIdentity(db: Database, key: IdentityKey) {
  const [row] = await db
    .select()
    .from(identities)
    .where(
      and(
        eq(identities.kind, key.kind),
        eq(identities.issuer, key.issuer),
        eq(identities.subject, key.subject),
      ),
    )
    .limit(1);
  return row;
}

/** Links a way in to a person; undefined when that issuer and subject are already linked. */
export async function linkIdentity(
  db: Database,
  identity: IdentityKey & { userId: string; email: string | null },
) {
  const [row] = await db
    .insert(identities)
    .values({ ...identity, lastUsedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function touchIdentity(db: Database, id: string, at: Date): Promise<void> {
  await db.update(identities).set({ lastUsedAt: at }).where(eq(identities.id, id));
}

/** Records how a session's person proved who they are (password is the column's default). */
export async function setSessionAuthMethod(
  db: Database,
  { sessionId, authMethod }: { sessionId: string; authMethod: 'oidc' | 'lti' },
): Promise<void> {
  await db.update(sessions).set({ authMethod }).where(eq(sessions.id, sessionId));
}

/** Whether the person can sign in through an identity provider: an OpenID Connect identity is theirs. */
export async function hasOidcIdentity(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: identities.id })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.kind, 'oidc')))
    .limit(1);
  return row !== undefined;
}
