import { createHash, randomBytes } from 'node:crypto';

/**
 * A supervisor's link secret (issue 30 §1): 32 random bytes in base64url, 43 characters, with no
 * prefix so the mailed URL stays short. Only its SHA-256 is stored: a guess is hopeless, so a fast
 * hash is enough, and a copy of the database opens no report.
 */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const looksLikeLinkToken = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
