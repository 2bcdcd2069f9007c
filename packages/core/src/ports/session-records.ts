import type { SessionAuthMethod } from '../principal';

/** A stored session, as the session store keeps it. */
export type SessionRecord = {
  id: string;
  userId: string;
  expiresAt: Date;
  /** The user an admin is viewing the app as, if any. */
  actingAsUserId: string | null;
  authMethod: SessionAuthMethod;
};

/**
 * Where sessions are kept: the database (packages/db/src/session-records.ts). packages/auth's session
 * store reaches storage only through this port.
 */
export type SessionRecords = {
  /** The session, or null when it does not exist or its user is gone. */
  find(sessionId: string): Promise<SessionRecord | null>;
  listForUser(userId: string): Promise<SessionRecord[]>;
  insert(record: SessionRecord): Promise<void>;
  updateExpiry(sessionId: string, expiresAt: Date): Promise<void>;
  delete(sessionId: string): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  deleteExpired(now: Date): Promise<void>;
  /**
   * Starts (`actingAsUserId` set) or stops (null) an admin viewing the app as another user, and writes
   * the audit record of it, in one transaction: no impersonation without its record, nor the reverse.
   */
  setActingAs(input: {
    sessionId: string;
    actingAsUserId: string | null;
    audit: { actorId: string; action: 'impersonation.start' | 'impersonation.stop'; subjectId: string };
  }): Promise<void>;
};
