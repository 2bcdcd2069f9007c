import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: unguessable, and only its hash is stored. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
