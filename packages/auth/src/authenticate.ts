import type {
  ActiveSession,
  Authentication,
  Authenticator,
  RequestHeaders,
  SessionStore,
} from '@evident/core/ports/auth';
import type { AccountRecord, ApiTokenRecord, PrincipalRecords } from '@evident/core/ports/principal-records';
import type { SessionAccounts } from '@evident/core/ports/session-records';
import type { Principal, PrincipalPerson } from '@evident/core/principal';
import { isAwaitingApproval } from '@evident/core/user';
import { hashApiToken, looksLikeApiToken, newApiToken } from './api-tokens';
import { hashLinkToken, looksLikeLinkToken, newLinkToken } from './link-tokens';
import { credentialsOf } from './request-credentials';

/** A token's last-used time is written at most this often, so a busy script costs no write per call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const tokenRefusals = {
  invalid: 'Invalid API token',
  expired: 'This API token has expired',
  revoked: 'This API token has been revoked',
  deactivated: 'This account has been deactivated',
} as const;

const person = (account: AccountRecord): PrincipalPerson => ({
  id: account.id,
  firstName: account.firstName,
  lastName: account.lastName,
  email: account.email,
  profileImageUrl: account.profileImageUrl,
  role: account.role,
  approved: !isAwaitingApproval(account),
});

const none = (setCookie: string | null = null): Authentication => ({
  principal: null,
  refusal: null,
  setCookie,
});
const refused = (refusal: string): Authentication => ({ principal: null, refusal, setCookie: null });

/**
 * The seam: a request's session (cookie or tab header) or bearer API token becomes a Principal. The
 * rules live once, in `sessionPrincipal` and `tokenRefusal`: a request and a live stream's recheck
 * apply the same ones, and differ only in the side effects a request has (a session extended, its
 * cookie refreshed, a token's last use written). The LTI launch adds no path here: it starts a session
 * with `authMethod: 'lti'`, and that session is read like any other.
 */
export function createAuthenticator(deps: {
  sessions: SessionStore;
  records: PrincipalRecords;
  now?: () => Date;
}): Authenticator {
  const { sessions, records } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Whom a live session admits. A deactivated person is admitted by none of theirs (they are ended on
   * deactivation; this refuses any that slipped through). Only an admin views the app as someone else,
   * and never as a deactivated person: then the admin is served as themselves.
   */
  async function sessionPrincipal(
    session: ActiveSession,
    accounts?: SessionAccounts,
  ): Promise<Principal | null> {
    // A request's session arrives with its accounts (one statement); a recheck reads them here.
    const real = accounts ? accounts.user : await records.findAccount(session.userId);
    if (!real || real.deactivatedAt) return null;
    const acting =
      session.actingAsUserId && real.role === 'rto_admin'
        ? accounts
          ? accounts.actingAs
          : await records.findAccount(session.actingAsUserId)
        : null;
    const actingAs = acting && !acting.deactivatedAt ? acting : real;
    return {
      realUser: person(real),
      actingAs: person(actingAs),
      proof: { kind: 'session', sessionId: session.sessionId, method: session.authMethod },
      readOnly: false,
    };
  }

  /** Why a stored token admits nobody now, or null while it is live. */
  function tokenRefusal(record: ApiTokenRecord, at: Date): string | null {
    if (record.revokedAt) return tokenRefusals.revoked;
    if (record.expiresAt <= at) return tokenRefusals.expired;
    return null;
  }

  /** Why a live token's account admits nobody, or null when it admits its owner. */
  function accountRefusal(account: AccountRecord | null): string | null {
    if (!account) return tokenRefusals.invalid;
    if (account.deactivatedAt) return tokenRefusals.deactivated;
    return null;
  }

  function tokenPrincipal(record: ApiTokenRecord, account: AccountRecord): Principal {
    const user = person(account);
    return {
      realUser: user,
      actingAs: user,
      proof: { kind: 'token', tokenId: record.id, scope: record.scope },
      readOnly: record.scope === 'read',
    };
  }

  async function fromSession(sessionId: string): Promise<Authentication> {
    const { session, cookie, accounts } = await sessions.validate(sessionId);
    if (!session) return none(cookie);
    const principal = await sessionPrincipal(session, accounts);
    if (!principal) return none(sessions.blankCookie());
    return { principal, refusal: null, setCookie: cookie };
  }

  async function fromToken(token: string): Promise<Authentication> {
    if (!looksLikeApiToken(token)) return refused(tokenRefusals.invalid);
    const record = await records.findTokenByHash(hashApiToken(token));
    if (!record) return refused(tokenRefusals.invalid);
    const at = now();
    const refusal = tokenRefusal(record, at);
    if (refusal) return refused(refusal);
    const account = await records.findAccount(record.userId);
    const closed = accountRefusal(account);
    if (closed || !account) return refused(closed ?? tokenRefusals.invalid);
    if (!record.lastUsedAt || at.getTime() - record.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await records.markTokenUsed(record, at);
    }
    return { principal: tokenPrincipal(record, account), refusal: null, setCookie: null };
  }

  async function recheck(principal: Principal): Promise<Principal | null> {
    const { proof } = principal;
    if (proof.kind === 'session') {
      const session = await sessions.peek(proof.sessionId);
      return session ? sessionPrincipal(session) : null;
    }
    const record = await records.findTokenById(proof.tokenId);
    if (!record || tokenRefusal(record, now())) return null;
    const account = await records.findAccount(record.userId);
    return account && !accountRefusal(account) ? tokenPrincipal(record, account) : null;
  }

  const readCredentials = (headers: RequestHeaders) => credentialsOf(headers, sessions.cookieName);

  return {
    authenticate(headers: RequestHeaders) {
      const credentials = readCredentials(headers);
      if (credentials.kind === 'token') return fromToken(credentials.token);
      if (credentials.kind === 'session') return fromSession(credentials.sessionId);
      return Promise.resolve(none());
    },
    recheck,
    credentialsOf: readCredentials,
    newTokenSecret: newApiToken,
    // A supervisor's link (issue 30 §1) is read here too, by the same kind of rule as a token: the
    // hash names the request; its state and expiry say whether it admits anyone now.
    async authenticateLink(token) {
      if (!looksLikeLinkToken(token)) return { principal: null, refusal: 'invalid' };
      const link = await records.findThirdPartyLinkByHash(hashLinkToken(token));
      if (!link) return { principal: null, refusal: 'invalid' };
      if (link.state === 'revoked') return { principal: null, refusal: 'revoked' };
      if (link.state === 'submitted') return { principal: null, refusal: 'spent' };
      if (link.expiresAt <= now()) return { principal: null, refusal: 'expired' };
      return {
        principal: {
          kind: 'third-party-link',
          requestId: link.requestId,
          studentId: link.studentId,
          opened: link.state === 'opened',
        },
        refusal: null,
      };
    },
    newLinkSecret: newLinkToken,
  };
}
