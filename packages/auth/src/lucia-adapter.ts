import type { SessionRecord, SessionRecords } from '@evident/core/ports/session-records';
import type { Adapter, DatabaseSession } from 'lucia';

const toLucia = (record: SessionRecord): DatabaseSession => ({
  id: record.id,
  userId: record.userId,
  expiresAt: record.expiresAt,
  attributes: { actingAsUserId: record.actingAsUserId, authMethod: record.authMethod },
});

/** Lucia's storage interface over the session-records port, so this package never touches the database. */
export function createLuciaAdapter(records: SessionRecords): Adapter {
  return {
    async getSessionAndUser(sessionId) {
      const record = await records.find(sessionId);
      if (!record) return [null, null];
      // The accounts read with the session ride on lucia's user, so the seam needs no second query.
      return [toLucia(record), { id: record.userId, attributes: { accounts: record.accounts } }];
    },
    getUserSessions: async (userId) => (await records.listForUser(userId)).map(toLucia),
    setSession: (session) =>
      records.insert({
        id: session.id,
        userId: session.userId,
        expiresAt: session.expiresAt,
        actingAsUserId: session.attributes.actingAsUserId,
        authMethod: session.attributes.authMethod,
      }),
    updateSessionExpiration: (sessionId, expiresAt) => records.updateExpiry(sessionId, expiresAt),
    deleteSession: (sessionId) => records.delete(sessionId),
    deleteUserSessions: (userId) => records.deleteForUser(userId),
    deleteExpiredSessions: () => records.deleteExpired(new Date()),
  };
}
