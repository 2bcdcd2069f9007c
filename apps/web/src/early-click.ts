declare global {
  interface Window {
    /** Set by public/theme.js: the button pressed on the prerendered page before the app rendered. */
    evidentEarlyClick?: { text: string; label: string | null };
    evidentAppMounted?: boolean;
  }
}

/** Presses the app's own button matching the one tapped on the prerendered page, if any. */
export function replayEarlyClick(root: HTMLElement): void {
  window.evidentAppMounted = true;
  const pressed = window.evidentEarlyClick;
  window.evidentEarlyClick = undefined;
  if (!pressed) return;
  const match = [...root.querySelectorAll('button')].find(
    (button) =>
      (button.textContent ?? '').trim() === pressed.text &&
      button.getAttribute('aria-label') === pressed.label,
  );
  match?.click();
}
