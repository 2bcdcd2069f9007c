import type { SessionStore } from '@evident/core/ports/auth';
import type { SessionAccounts, SessionRecords } from '@evident/core/ports/session-records';
import type { SessionAuthMethod } from '@evident/core/principal';
import { Lucia, TimeSpan } from 'lucia';
import { createLuciaAdapter } from './lucia-adapter';

export const SESSION_COOKIE = 'evident_session';

function createLucia(records: SessionRecords, secureCookies: boolean) {
  return new Lucia(createLuciaAdapter(records), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: { name: SESSION_COOKIE, attributes: { secure: secureCookies, sameSite: 'lax' } },
    getSessionAttributes: (attributes) => ({
      actingAsUserId: attributes.actingAsUserId,
      authMethod: attributes.authMethod,
    }),
    getUserAttributes: (attributes) => ({ accounts: attributes.accounts }),
  });
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseSessionAttributes: { actingAsUserId: string | null; authMethod: SessionAuthMethod };
    DatabaseUserAttributes: { accounts: SessionAccounts | undefined };
  }
}

export function createSessionStore(
  records: SessionRecords,
  options: { secureCookies: boolean },
): SessionStore {
  const lucia = createLucia(records, options.secureCookies);
  return {
    cookieName: lucia.sessionCookieName,
    async validate(sessionId) {
      const { session, user } = await lucia.validateSession(sessionId);
      if (!session) return { session: null, cookie: lucia.createBlankSessionCookie().serialize() };
      return {
        session: {
          sessionId: session.id,
          userId: session.userId,
          actingAsUserId: session.actingAsUserId,
          authMethod: session.authMethod,
        },
        cookie: session.fresh ? lucia.createSessionCookie(session.id).serialize() : null,
        accounts: user.accounts,
      };
    },
    async peek(sessionId) {
      const record = await records.find(sessionId);
      if (!record || record.expiresAt.getTime() <= Date.now()) return null;
      return {
        sessionId: record.id,
        userId: record.userId,
        actingAsUserId: record.actingAsUserId,
        authMethod: record.authMethod,
      };
    },
    async create(userId, authMethod = 'password') {
      const session = await lucia.createSession(userId, { actingAsUserId: null, authMethod });
      return {
        session: { sessionId: session.id, userId, actingAsUserId: null, authMethod },
        cookie: lucia.createSessionCookie(session.id).serialize(),
      };
    },
    invalidate: (sessionId) => lucia.invalidateSession(sessionId),
    invalidateAllForUser: (userId) => lucia.invalidateUserSessions(userId),
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
    async actAs(session, actingAsUserId) {
      const subjectId = actingAsUserId ?? session.actingAsUserId;
      if (!subjectId) return;
      await records.setActingAs({
        sessionId: session.sessionId,
        actingAsUserId,
        audit: {
          actorId: session.userId,
          action: actingAsUserId ? 'impersonation.start' : 'impersonation.stop',
          subjectId,
        },
      });
    },
  };
}
