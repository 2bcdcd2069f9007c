import { whenIdle } from './when-idle';

declare global {
  interface Window {
    /** Set by public/theme.js: the button pressed on the prerendered page before the app rendered. */
    evidentEarlyClick?: EarlyPress;
    /** Set by public/theme.js: a press begun on a prerendered button and not yet a click. */
    evidentEarlyPress?: EarlyPress;
    evidentAppMounted?: boolean;
  }
}

type EarlyPress = { text: string; label: string | null; nth?: number; element?: Element };

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
  const pressing = window.evidentEarlyPress;
  window.evidentEarlyClick = undefined;
  window.evidentEarlyPress = undefined;
  if (!pressed) {
    if (pressing) pressOnRelease(root, pressing);
    return;
  }
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
  copyOf(root, pressed)?.click();
}

const copyOf = (root: HTMLElement, press: EarlyPress) =>
  findControls(root, { tag: 'BUTTON', text: press.text, label: press.label })[Math.max(0, press.nth ?? 0)];

/**
 * The finger went down on a prerendered button and the app replaced the button before it came up:
 * the browser sends that click to no button (the one pressed is gone), so the app's copy is pressed
 * when the finger comes up, unless the click reached it after all. A press that became a scroll
 * (cancelled) or never ends presses nothing. A button the app took over as it was gets its click.
 */
function pressOnRelease(root: HTMLElement, press: EarlyPress): void {
  if (press.element instanceof HTMLElement && root.contains(press.element)) return;
  const stop = () => {
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', stop, true);
    window.clearTimeout(expiry);
  };
  function release() {
    stop();
    const copy = copyOf(root, press);
    if (!copy) return;
    let reached = false;
    const note = (event: Event) => {
      if (event.target instanceof Node && copy.contains(event.target)) reached = true;
    };
    document.addEventListener('click', note, true);
    // The browser sends a release's click in the same task as the release; this runs after it.
    window.setTimeout(() => {
      document.removeEventListener('click', note, true);
      if (!reached) copy.click();
    }, 0);
  }
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', stop, true);
  const expiry = window.setTimeout(stop, 10_000);
}
