/** What the browser must carry from the redirect to the callback, so the answer is the one we asked for. */
export type SsoChecks = { state: string; nonce: string; codeVerifier: string; redirectUri: string };

/** Who the provider says signed in, from a verified id token. */
export type SsoClaims = {
  issuer: string;
  subject: string;
  email: string | null;
  /** Only a provider's word that it checked the address lets it link to an existing person. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

/** An OpenID Connect provider (packages/auth/src/oidc.ts): authorization code with PKCE. */
export type SingleSignOn = {
  /** The provider's name on the 'Continue with' button. */
  displayName: string;
  /** `redirectUri` is this server's `/api/login/callback`, as registered with the provider. */
  start(redirectUri: string): Promise<{ url: string; checks: SsoChecks }>;
  /**
   * `answer` is the callback's query string. Throws SsoRefused when it is not the answer asked for,
   * or its id token does not verify.
   */
  finish(answer: URLSearchParams, checks: SsoChecks): Promise<SsoClaims>;
};

export class SsoRefused extends Error {}
