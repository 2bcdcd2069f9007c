import type { Principal, SessionAuthMethod, ThirdPartyLinkPrincipal } from '../principal';
import type { ThirdPartyLinkRefusal } from '../third-party';
import type { SessionAccounts } from './session-records';

export type ActiveSession = {
  sessionId: string;
  userId: string;
  /** The user an admin is viewing the app as, if any. */
  actingAsUserId: string | null;
  /** How the person proved who they are when the session began. */
  authMethod: SessionAuthMethod;
};

/** Server-side sessions behind an opaque cookie. Cookies are returned as full Set-Cookie header values. */
export type SessionStore = {
  cookieName: string;
  /**
   * `cookie` is a refreshed or blank Set-Cookie value when the browser's copy must change; `accounts`
   * the session's people as read with it, when the store did (the seam then reads them no more).
   */
  validate(
    sessionId: string,
  ): Promise<{ session: ActiveSession | null; cookie: string | null; accounts?: SessionAccounts }>;
  create(userId: string, authMethod?: SessionAuthMethod): Promise<{ session: ActiveSession; cookie: string }>;
  /** The session as stored, if unexpired, read without extending it or refreshing its cookie. */
  peek(sessionId: string): Promise<ActiveSession | null>;
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

/**
 * A request's headers as Node gives them (`IncomingHttpHeaders`). The seam reads three: a bearer
 * `authorization`, the `x-evident-session` tab session (an LMS iframe's tab, where no cookie of ours
 * is kept) and the session `cookie`.
 */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** What a request carries to say who is calling. A request with a bearer token is never read for a cookie. */
export type Credentials =
  | { kind: 'none' }
  | { kind: 'session'; sessionId: string }
  | { kind: 'token'; token: string };

export type Authentication = {
  principal: Principal | null;
  /** Why presented credentials were refused (a bad, expired or revoked token): answered with 401. */
  refusal: string | null;
  /** A refreshed or blank session cookie (a full Set-Cookie value) when the browser's copy must change. */
  setCookie: string | null;
};

/**
 * The one seam every caller goes through: a request's headers in, a Principal (or none) out. The tRPC
 * and REST context, the live stream and the LTI pages all ask it, and nothing else reads credentials.
 */
export type Authenticator = {
  authenticate(headers: RequestHeaders): Promise<Authentication>;
  /**
   * The same rules again for a principal admitted earlier (an open live stream asks every few
   * seconds), without the side effects of a request: no session is extended, no token marked used.
   * Null when its proof no longer admits anyone.
   */
  recheck(principal: Principal): Promise<Principal | null>;
  /** Which credentials the headers present: a cookie or tab session is what the Origin check guards. */
  credentialsOf(headers: RequestHeaders): Credentials;
  /** A new API token: the secret, shown once, and the hash that is stored. */
  newTokenSecret(): { token: string; tokenHash: string };
  /**
   * A supervisor's mailed link (issue 30 §1): its secret in, the link principal out, or why it
   * admits nobody (forged, expired, revoked, or spent by the report it carried).
   */
  authenticateLink(
    token: string,
  ): Promise<
    | { principal: ThirdPartyLinkPrincipal; refusal: null }
    | { principal: null; refusal: ThirdPartyLinkRefusal }
  >;
  /** A new link secret for a request, and the hash that is stored. */
  newLinkSecret(): { token: string; tokenHash: string };
};
