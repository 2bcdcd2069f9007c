import { whenIdle } from './when-idle';

declare global {
  interface Window {
    /** Set by public/theme.js: the button pressed on the prerendered page before the app rendered. */
    evidentEarlyClick?: { text: string; label: string | null; nth?: number; element?: Element };
    evidentAppMounted?: boolean;
  }
}

type Control = { tag: string; text: string; label: string | null; href: string | null };

function describeControl(element: Element): Control {
  return {
    tag: element.tagName,
    text: (element.textContent ?? '').trim(),
    label: element.getAttribute('aria-label'),
    href: element.getAttribute('href'),
  };
}

function findControls(root: HTMLElement, wanted: Omit<Control, 'href'> & { href?: string | null }) {
  return [...root.querySelectorAll<HTMLElement>(wanted.tag)].filter((element) => {
    const found = describeControl(element);
    return (
      found.text === wanted.text &&
      found.label === wanted.label &&
      (wanted.href === undefined || found.href === wanted.href)
    );
  });
}

/**
 * Follows which control has focus on the prerendered page (a keyboard user tabbing through the
 * landing page while the app loads) until the app's first render replaces the markup.
 */
export function watchFocus(root: HTMLElement): () => Control | null {
  const active = document.activeElement;
  let last = active && active !== root && root.contains(active) ? describeControl(active) : null;
  const note = (event: FocusEvent) => {
    if (event.target instanceof Element) last = describeControl(event.target);
  };
  // Focus moved off the page's controls (a tap on plain text): nothing to give back.
  const leave = (event: FocusEvent) => {
    if (!event.relatedTarget) last = null;
  };
  root.addEventListener('focusin', note);
  root.addEventListener('focusout', leave);
  return () => {
    root.removeEventListener('focusin', note);
    root.removeEventListener('focusout', leave);
    return last;
  };
}

/**
 * After the app's first render: focus goes back to the app's own copy of the control that had it,
 * and the button tapped on the prerendered page, if any, is pressed again.
 */
export function replayEarlyClick(root: HTMLElement, focused: Control | null): void {
  window.evidentAppMounted = true;
  if (focused && (document.activeElement === document.body || !document.activeElement)) {
    findControls(root, focused)[0]?.focus();
  }
  const pressed = window.evidentEarlyClick;
  window.evidentEarlyClick = undefined;
  if (!pressed) return;
  // The app took the server's markup over: the very button is still there. Replaced: the app's copy
  // of it, by its words and its place among the buttons that read the same (a dashboard has a View
  // Evidence on every card).
  // Pressed once the browser is idle: React takes the screen's parts over (hydrates them) in the
  // background after its first commit, and a press on a part not yet taken over could be lost.
  const element = pressed.element;
  if (element instanceof HTMLElement && root.contains(element)) {
    whenIdle(() => element.click());
    return;
  }
  const copies = findControls(root, { tag: 'BUTTON', text: pressed.text, label: pressed.label });
  copies[Math.max(0, pressed.nth ?? 0)]?.click();
}
