import { createHash, randomBytes } from 'node:crypto';

/** Every token starts so, so a leaked one is recognisable (secret scanners, logs) and never mistaken for a session. */
export const API_TOKEN_PREFIX = 'evd_';

/** 32 random bytes: a guess is hopeless, so a fast hash (SHA-256) is enough to store it. */
export function newApiToken(): { token: string; tokenHash: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiToken(token) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const looksLikeApiToken = (value: string): boolean =>
  value.startsWith(API_TOKEN_PREFIX) && value.length > API_TOKEN_PREFIX.length + 20 && value.length < 200;
