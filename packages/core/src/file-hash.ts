/**
 * How an evidence file's SHA-256 is shown (issue 29 §6). Framework-free and free of node:crypto, so
 * the web app can import it; the hashing itself is in `stored-file-hash.ts`.
 */

/** Characters shown on screen and in the PDF record: enough to tell files apart at a glance. */
export const shortHashLength = 12;

/** The first 12 hex characters of a hash; the full one is copied or printed beside it. */
export function shortHash(sha256: string): string {
  return sha256.slice(0, shortHashLength);
}

/** A hex SHA-256 as stored: 64 lower-case hex characters. */
export const sha256Pattern = /^[0-9a-f]{64}$/;

/**
 * What a hash proves, in words for the grading screen and the PDF record: one taken as the file was
 * recorded proves the bytes unchanged since the student sent them; one recorded later (for files
 * from before hashing) only since then.
 */
export function hashProvenance(file: { sha256: string | null; sha256RecordedLaterAt: string | Date | null }):
  | 'at-record'
  | 'recorded-later'
  | 'none' {
  if (!file.sha256) return 'none';
  return file.sha256RecordedLaterAt ? 'recorded-later' : 'at-record';
}
