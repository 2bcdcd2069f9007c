import type { Authentication, Authenticator, Credentials, SessionStore } from '@evident/core/ports/auth';
import type { AccountRecord, PrincipalRecords } from '@evident/core/ports/principal-records';
import type { Principal, PrincipalPerson } from '@evident/core/principal';
import { isAwaitingApproval } from '@evident/core/user';
import { hashApiToken, looksLikeApiToken, newApiToken } from './api-tokens';

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
 * The seam: a session cookie or a bearer API token becomes a Principal. The LTI launch adds no path
 * here: it starts a session with `authMethod: 'lti'`, and that session is read like any other.
 */
export function createAuthenticator(deps: {
  sessions: SessionStore;
  records: PrincipalRecords;
  now?: () => Date;
}): Authenticator {
  const { sessions, records } = deps;
  const now = deps.now ?? (() => new Date());

  async function fromSession(sessionId: string): Promise<Authentication> {
    const { session, cookie } = await sessions.validate(sessionId);
    if (!session) return none(cookie);
    const real = await records.findAccount(session.userId);
    // A deactivated person's sessions are ended when they are deactivated; this refuses any that slipped through.
    if (!real || real.deactivatedAt) return none(sessions.blankCookie());
    // Only an admin views the app as someone else, and never as a deactivated person.
    const acting =
      session.actingAsUserId && real.role === 'rto_admin'
        ? await records.findAccount(session.actingAsUserId)
        : null;
    const actingAs = acting && !acting.deactivatedAt ? acting : real;
    const principal: Principal = {
      realUser: person(real),
      actingAs: person(actingAs),
      proof: { kind: 'session', sessionId: session.sessionId, method: session.authMethod },
      readOnly: false,
    };
    return { principal, refusal: null, setCookie: cookie };
  }

  async function fromToken(token: string): Promise<Authentication> {
    if (!looksLikeApiToken(token)) return refused(tokenRefusals.invalid);
    const record = await records.findTokenByHash(hashApiToken(token));
    if (!record) return refused(tokenRefusals.invalid);
    const at = now();
    if (record.revokedAt) return refused(tokenRefusals.revoked);
    if (record.expiresAt <= at) return refused(tokenRefusals.expired);
    const account = await records.findAccount(record.userId);
    if (!account) return refused(tokenRefusals.invalid);
    if (account.deactivatedAt) return refused(tokenRefusals.deactivated);
    if (!record.lastUsedAt || at.getTime() - record.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await records.markTokenUsed(record, at);
    }
    const user = person(account);
    const principal: Principal = {
      realUser: user,
      actingAs: user,
      proof: { kind: 'token', tokenId: record.id, scope: record.scope },
      readOnly: record.scope === 'read',
    };
    return { principal, refusal: null, setCookie: null };
  }

  return {
    authenticate(credentials: Credentials) {
      if (credentials.kind === 'token') return fromToken(credentials.token);
      if (credentials.kind === 'session') return fromSession(credentials.sessionId);
      return Promise.resolve(none());
    },
    newTokenSecret: newApiToken,
  };
}
