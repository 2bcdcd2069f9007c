import { isStorableText } from '@evident/core/text-fields';

/** The value of one cookie from a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    if (!value) return null;
    try {
      const decoded = decodeURIComponent(value);
      // A control character (`%00`) is in no cookie we set, and would fail the session lookup as a 500.
      return isStorableText(decoded) ? decoded : null;
    } catch {
      // Not valid percent-encoding: no cookie we set, so no session to find.
      return null;
    }
  }
  return null;
}
