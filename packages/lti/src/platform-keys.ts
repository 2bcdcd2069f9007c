import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/**
 * Platforms' public keys, one cached set per JWKS URL (jose keeps it for `cacheMaxAgeMs` and fetches
 * again at once when a token names a kid it has not seen, at most once per `cooldownMs`): a platform
 * that rotates its key is followed without a restart.
 */
export function createPlatformKeyCache(options: { cooldownMs?: number; cacheMaxAgeMs?: number } = {}) {
  const sets = new Map<string, JWTVerifyGetKey>();
  return {
    forUrl(url: string): JWTVerifyGetKey {
      let set = sets.get(url);
      if (!set) {
        set = createRemoteJWKSet(new URL(url), {
          cooldownDuration: options.cooldownMs ?? 30_000,
          cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
          timeoutDuration: 10_000,
        });
        sets.set(url, set);
      }
      return set;
    },
  };
}
export type PlatformKeyCache = ReturnType<typeof createPlatformKeyCache>;
