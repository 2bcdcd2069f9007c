export type ActiveSession = {
  sessionId: string;
  userId: string;
  /** The user an admin is viewing the app as, if any. */
  actingAsUserId: string | null;
};

/** Server-side sessions behind an opaque cookie. Cookies are returned as full Set-Cookie header values. */
export type SessionStore = {
  cookieName: string;
  /** `cookie` is a refreshed or blank Set-Cookie value when the browser's copy must change. */
  validate(sessionId: string): Promise<{ session: ActiveSession | null; cookie: string | null }>;
  create(userId: string): Promise<{ session: ActiveSession; cookie: string }>;
  invalidate(sessionId: string): Promise<void>;
  invalidateAllForUser(userId: string): Promise<void>;
  /**
   * An admin's session starts viewing the app as `actingAsUserId`, or stops (null), recorded in the
   * audit log as one operation. Stopping a session that is not impersonating does nothing.
   */
  actAs(session: ActiveSession, actingAsUserId: string | null): Promise<void>;
  blankCookie(): string;
};

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same effort as a real verify, so unknown emails answer as slowly as known ones. */
  verifyNothing(password: string): Promise<void>;
};
