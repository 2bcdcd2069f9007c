import type { SessionAuthMethod } from '../principal';
import type { AccountRecord } from './principal-records';

/**
 * The accounts a session names, read in the same statement as the session (one round trip a request
 * instead of three): the person who signed in and, when the session views the app as someone, that
 * person. The seam still decides what they admit (packages/auth/src/authenticate.ts).
 */
export type SessionAccounts = { user: AccountRecord; actingAs: AccountRecord | null };

/** A stored session, as the session store keeps it. */
export type SessionRecord = {
  id: string;
  userId: string;
  expiresAt: Date;
  /** The user an admin is viewing the app as, if any. */
  actingAsUserId: string | null;
  authMethod: SessionAuthMethod;
  /** Present when the store read the accounts with the session (`find` does). */
  accounts?: SessionAccounts;
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
