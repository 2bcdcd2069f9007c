import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { type RenderHints, useRenderHints } from '../start-up/render-hints';

/**
 * '26 Nov 2026, 3:04 pm' in the browser's locale: how the app writes a moment. Every date on a card
 * uses this or `dateOnly`, so a card never shows '26 Nov 2026' beside '26/11/26'.
 */
export const dateAndTime = { dateStyle: 'medium', timeStyle: 'short' } as const;
/** '26 Nov 2026': a day, written as `dateAndTime` writes it. */
export const dateOnly = { dateStyle: 'medium' } as const;
/** '3:04 pm': `dateAndTime`'s time, for a narrow place that writes the day and the time apart. */
export const timeOnly = { timeStyle: 'short' } as const;

/** The browser's formatters by options (constants), made on first use. */
const browserFormatters = new WeakMap<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>();

/**
 * The browser's formatter for these options (a constant), made on first use: the page's first one
 * loads the browser's locale data, which a screen that only might write a date should not spend.
 */
export function browserFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made = browserFormatters.get(options);
  if (!made) {
    made = new Intl.DateTimeFormat(undefined, options);
    browserFormatters.set(options, made);
  }
  return made;
}

/** The browser's formatter for `dateAndTime`, for screens the server never renders. */
export const dateAndTimeFormat = () => browserFormatter(dateAndTime);
/** The browser's formatter for `dateOnly`, for screens the server never renders. */
export const dateOnlyFormat = () => browserFormatter(dateOnly);

const noSubscription = () => () => {};
const inBrowser = () => false;
const fromServer = () => true;

/**
 * Whether dates the server wrote by these hints are what this browser writes now: the same locale,
 * and the time zone it had then (a browser that has moved has another offset). Asked without Intl:
 * the page's first Intl object loads the browser's locale data, the cost this is here to spare.
 */
function serverWroteAsBrowserWould({ locale, timeZone, timeZoneOffset }: RenderHints): boolean {
  return (
    timeZone !== null && locale === navigator.language && timeZoneOffset === new Date().getTimezoneOffset()
  );
}

/**
 * A moment as this person's browser writes it (its locale and time zone), in a `<time>` element.
 * `options` is compared by identity: pass a constant.
 *
 * The server, rendering a first screen (server-render.tsx), has no browser: it writes the moment by the
 * locale and time zone the browser last told it (start-up/render-hints.ts). The browser, taking that markup
 * over, keeps the server's text while the moment stays the same, rather than writing it again: the
 * page's first date formatter loads the browser's locale data, some 25 ms of a phone's main thread,
 * which inside a render cannot yield (the grading screen's cards, issue 20). Where the server could not
 * know how this browser writes it (a first visit, a browser that has moved), the browser writes its
 * own once the page is taken over, making its formatter in a task of its own.
 */
export function DateTimeText({
  value,
  options,
}: {
  value: string | number | Date;
  options: Intl.DateTimeFormatOptions;
}) {
  const hints = useRenderHints();
  const moment = new Date(value);
  const inServer = typeof window === 'undefined';
  // True while React takes the server's markup over (and on the server); React renders this again
  // once the takeover is done.
  const fromServerMarkup = useSyncExternalStore(noSubscription, inBrowser, fromServer);
  const takingOver = !inServer && fromServerMarkup;
  // Taken over from the server: which moment it wrote, and whether as this browser would have.
  const [tookOver] = useState(() =>
    takingOver ? { at: moment.getTime(), right: serverWroteAsBrowserWould(hints) } : null,
  );
  const [formatterMade, setFormatterMade] = useState(false);
  useEffect(() => {
    if (!tookOver || tookOver.right) return;
    const timer = setTimeout(() => {
      browserFormatter(options);
      startTransition(() => setFormatterMade(true));
    });
    return () => clearTimeout(timer);
  }, [tookOver, options]);

  const keepServerText =
    takingOver || (tookOver?.at === moment.getTime() && (tookOver.right || !formatterMade));
  let text = '';
  if (inServer) {
    const { locale, timeZone } = hints;
    text = new Intl.DateTimeFormat(locale ?? undefined, {
      ...options,
      timeZone: timeZone ?? undefined,
    }).format(moment);
  } else if (!keepServerText) {
    text = browserFormatter(options).format(moment);
  }
  return (
    // The server's text stays in the page while this renders none: React keeps an element's text that
    // differs when told to here, and writes this one's once it has one.
    <time dateTime={moment.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
