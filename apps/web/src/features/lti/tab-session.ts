/**
 * A session for one browser tab, for the app inside an LMS iframe where the browser keeps no cookie
 * of ours (third-party cookies blocked, or SameSite=Lax in a cross-site frame). A launch lands with
 * `#lti_handoff=<secret>`; the secret is exchanged once for a session token kept in sessionStorage
 * (this tab only, gone when it closes) and sent as a header with every call.
 */
// public/boot.js reads this key too, to load the app at once for a tab signed in this way.
const storageKey = 'evident.lti-tab-session';
export const tabSessionHeaderName = 'x-evident-session';

/**
 * Held in memory as well: where the browser gives a cross-site frame no storage at all (Chromium
 * blocking third-party cookies with storage partitioning turned off, as Playwright runs it), the
 * session lasts as long as the page, and a reload in the frame means opening the course link again.
 * Shipping Chrome, Safari and Firefox partition it, so the frame keeps its own and a reload stays
 * signed in (public/boot.js then leaves the tab to the app, which sends the header).
 */
let inMemory: string | null = null;

function storage(): Storage | null {
  try {
    const store = window.sessionStorage;
    // Reading is where a blocked frame's storage throws.
    store.getItem(storageKey);
    return store;
  } catch {
    // A sandboxed or storage-blocked frame: nothing to keep it in, the cookie path is all there is.
    return null;
  }
}

/** Inside another site's page (the LMS), not a tab of its own. */
export function inFrame(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

export function tabSessionToken(): string | null {
  return inMemory ?? storage()?.getItem(storageKey) ?? null;
}

/** The header to send, when this tab has a session of its own. */
export function tabSessionHeaders(): Record<string, string> {
  const token = tabSessionToken();
  return token ? { [tabSessionHeaderName]: token } : {};
}

/** Takes `#lti_handoff=...` off the address at once (before the router reads it), and returns it. */
export function takeHandoffFromAddress(): string | null {
  const match = window.location.hash.match(/^#lti_handoff=([\w-]+)$/);
  if (!match?.[1]) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return match[1];
}

/**
 * In a frame, the handoff becomes this tab's session. In a tab of its own the launch's cookie
 * already works, so the handoff is left to expire unused.
 */
export async function exchangeHandoff(handoff: string | null): Promise<void> {
  if (!handoff || !inFrame()) return;
  try {
    const response = await fetch('/lti/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handoff }),
    });
    if (!response.ok) return;
    const { sessionToken } = (await response.json()) as { sessionToken?: string };
    if (!sessionToken) return;
    inMemory = sessionToken;
    try {
      storage()?.setItem(storageKey, sessionToken);
    } catch {
      // Full or blocked: memory holds it.
    }
  } catch {
    // Offline or refused: the app opens signed out, and the LMS link can be opened again.
  }
}

export function forgetTabSession(): void {
  inMemory = null;
  storage()?.removeItem(storageKey);
}
