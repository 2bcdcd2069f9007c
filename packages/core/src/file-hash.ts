/**
 * How an evidence file's SHA-256 is shown (issue 29 §6). Framework-free and free of node:crypto, so
 * the web app can import it; the hashing itself is in `stored-file-hash.ts`.
 */

/** Characters shown on screen: enough to tell files apart at a glance; the whole hash is copied. */
export const shortHashLength = 12;

/** The first 12 hex characters of a hash. */
export function shortHash(sha256: string): string {
  return sha256.slice(0, shortHashLength);
}
