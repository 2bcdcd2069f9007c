import type { SessionStore } from '@evident/core/ports/auth';
import type { Database } from '@evident/db/client';
import { sessions, users } from '@evident/db/schema';
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan } from 'lucia';

export const SESSION_COOKIE = 'evident_session';

function createLucia(db: Database, secureCookies: boolean) {
  const adapter = new DrizzlePostgreSQLAdapter(db, sessions, users);
  return new Lucia(adapter, {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: { name: SESSION_COOKIE, attributes: { secure: secureCookies, sameSite: 'lax' } },
    getSessionAttributes: (attributes) => ({ actingAsUserId: attributes.actingAsUserId }),
  });
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseSessionAttributes: { actingAsUserId: string | null };
  }
}

export function createSessionStore(db: Database, options: { secureCookies: boolean }): SessionStore {
  const lucia = createLucia(db, options.secureCookies);
  return {
    cookieName: lucia.sessionCookieName,
    async validate(sessionId) {
      const { session } = await lucia.validateSession(sessionId);
      if (!session) return { session: null, cookie: lucia.createBlankSessionCookie().serialize() };
      return {
        session: { sessionId: session.id, userId: session.userId, actingAsUserId: session.actingAsUserId },
        cookie: session.fresh ? lucia.createSessionCookie(session.id).serialize() : null,
      };
    },
    async create(userId) {
      const session = await lucia.createSession(userId, { actingAsUserId: null });
      return {
        session: { sessionId: session.id, userId, actingAsUserId: null },
        cookie: lucia.createSessionCookie(session.id).serialize(),
      };
    },
    invalidate: (sessionId) => lucia.invalidateSession(sessionId),
    invalidateAllForUser: (userId) => lucia.invalidateUserSessions(userId),
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
  };
}
