/**
 * Where to go after signing in, when a page sent the visitor to sign in first (the class invitation
 * link). Kept for this tab only, and taken once.
 */
const KEY = 'evident:return-to';

export function rememberReturnTo(path: string): void {
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused: the visitor lands on their dashboard and opens the link again.
  }
}

export function takeReturnTo(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    // Only a path inside the app, never another site.
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
