import { z } from 'zod';
import { flag, optionalText } from './config-fields';
import { ltiPlatformSchema } from './lti/platform-schema';

/** Comma-separated origins such as https://lms.example.edu, kept as bare origins. */
const originList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        error: 'must be origins such as https://lms.example.edu, comma separated',
      }),
    ),
  )
  .transform((urls) => urls.map((url) => new URL(url).origin));

/** Signing in from elsewhere: LTI 1.3 launches from a learning platform, and OpenID Connect single sign-on. */
export const signInEnv = z.object({
  LTI_PLATFORM_ORIGINS: optionalText.pipe(originList.optional()),
  OIDC_ISSUER: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be a URL such as https://login.example.org' }).optional(),
  ),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  LTI_ENABLED: flag.default(false),
  LTI_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .refine((v) => Buffer.byteLength(v) >= 32, 'must be at least 32 bytes (e.g. openssl rand -hex 32)')
      .optional(),
  ),
  LTI_PLATFORMS: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of platforms' });
          return z.NEVER;
        }
      })
      .pipe(z.array(ltiPlatformSchema, { error: 'must be a JSON array of platforms' }))
      .optional(),
  ),
});
type SignInEnv = z.infer<typeof signInEnv>;

/** A provider on this machine (a test's, a developer's) may speak plain http; no other may. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

/** Settings that only make sense together, and an identity provider reached over plain http. */
export function checkSignInEnv(env: SignInEnv, ctx: z.RefinementCtx): void {
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  if (oidc.some((name) => env[name])) {
    for (const name of oidc) {
      if (!env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required for single sign-on (set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together)`,
        });
    }
  }
  if (env.OIDC_ISSUER?.startsWith('http:') && !isLoopback(env.OIDC_ISSUER)) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER'],
      message: 'OIDC_ISSUER must use https (plain http only on this machine)',
    });
  }
  if (env.LTI_ENABLED && !env.LTI_PRIVATE_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['LTI_PRIVATE_KEY'],
      message: 'LTI_PRIVATE_KEY is required with LTI_ENABLED (e.g. openssl rand -hex 32)',
    });
  }
}

export const ltiConfig = (env: SignInEnv) => ({
  platformOrigins: env.LTI_PLATFORM_ORIGINS ?? [],
  enabled: env.LTI_ENABLED,
  /** Seals the tool's private keys in the database. */
  secret: env.LTI_PRIVATE_KEY ?? '',
  /** Registered (or updated) at every start. */
  platforms: env.LTI_PLATFORMS ?? [],
});

/** OpenID Connect single sign-on; null unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
export const oidcConfig = (env: SignInEnv) =>
  env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
    ? {
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
        displayName: env.OIDC_NAME ?? 'Single Sign-On',
        allowInsecureRequests: env.OIDC_ISSUER.startsWith('http:'),
      }
    : null;
