import type { SingleSignOn, SsoClaims } from '@evident/core/ports/single-sign-on';
import { SsoRefused } from '@evident/core/ports/single-sign-on';
import * as client from 'openid-client';

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
  /** Plain-http providers (a test's local one) are refused unless allowed here. */
  allowInsecureRequests?: boolean;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function namesOf(claims: Record<string, unknown>): { firstName: string | null; lastName: string | null } {
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstName: given, lastName: family };
  const full = text(claims.name);
  if (!full) return { firstName: null, lastName: null };
  const [first, ...rest] = full.split(/\s+/);
  return { firstName: first ?? null, lastName: rest.join(' ') || null };
}

/**
 * OpenID Connect, authorization code with PKCE, through openid-client. The provider's metadata is
 * discovered on first use (and again after a failure), so a provider that is down at start-up does
 * not stop the server.
 */
export function createOidcSignOn(settings: OidcSettings): SingleSignOn {
  let configuration: Promise<client.Configuration> | undefined;
  const configure = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { response_types: ['code'] },
        client.ClientSecretPost(settings.clientSecret),
        settings.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    displayName: settings.displayName,
    async start(redirectUri) {
      const config = await configure();
      const checks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        redirectUri,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },
    async finish(answer, checks): Promise<SsoClaims> {
      const config = await configure();
      // The token request names the same redirect URI the authorization request did.
      const callbackUrl = new URL(checks.redirectUri);
      callbackUrl.search = answer.toString();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        // State, nonce, signature, audience, expiry: any mismatch is the provider's answer refused.
        throw new SsoRefused(error instanceof Error ? error.message : 'The sign-in answer was refused');
      }
      const claims = tokens.claims();
      if (!claims) throw new SsoRefused('The provider sent no id token');
      let extra: Record<string, unknown> = {};
      if (!text(claims.email) && tokens.access_token) {
        // Some providers put the email only behind the userinfo endpoint.
        extra = await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => ({}));
      }
      const all = { ...extra, ...claims } as Record<string, unknown>;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(all.email)?.toLowerCase() ?? null,
        emailVerified: all.email_verified === true,
        ...namesOf(all),
      };
    },
  };
}
