import type { UserSummary } from './user';

/** How a person proved who they are when their session began (`sessions.auth_method`). */
export const sessionAuthMethods = ['password', 'oidc', 'lti'] as const;
export type SessionAuthMethod = (typeof sessionAuthMethods)[number];

export const tokenScopes = ['read', 'write'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** A request's proof of identity: a browser session (begun by password, SSO or an LMS launch), or an API token. */
export type Proof =
  | { kind: 'session'; sessionId: string; method: SessionAuthMethod }
  | { kind: 'token'; tokenId: string; scope: TokenScope };

/** A person as the seam sees them: who they are and what their account allows. */
export type PrincipalPerson = UserSummary & {
  /** Assessors wait for an admin's approval; always true for other roles. */
  approved: boolean;
};

/**
 * Who is calling, however they proved it (packages/auth/src/authenticate.ts). Every caller of
 * `/trpc`, `/api` and the report downloads becomes one of these, or none; a deactivated person never does.
 */
export type Principal = {
  /** The person who proved who they are. */
  realUser: PrincipalPerson;
  /** Whom the app acts as: `realUser`, or the person an admin is viewing as (sessions only). */
  actingAs: PrincipalPerson;
  proof: Proof;
  /** A read-only API token: queries only, no mutations and no REST call but GET. */
  readOnly: boolean;
};

export const isImpersonating = (principal: Principal): boolean =>
  principal.actingAs.id !== principal.realUser.id;

/**
 * A supervisor's mailed link (issue 30 §1): a principal of its own kind, never a person with an
 * account. It admits one caller to one request's report and nothing else: no procedure of any
 * audience router accepts it, only the supervisor's two calls (routers/third-party).
 */
export type ThirdPartyLinkPrincipal = {
  kind: 'third-party-link';
  requestId: string;
  studentId: string;
  /** Whether the link has been opened before (the first open marks the request opened). */
  opened: boolean;
};
