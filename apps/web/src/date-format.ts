import { useMemo } from 'react';
import { onFirstUse } from './on-first-use';
import { useRenderHints } from './render-hints';

/**
 * Dates as this person's browser writes them (its locale and time zone). The server, rendering a first
 * screen (server-render.tsx), has no browser: it writes them by the locale and time zone the browser
 * last told it (render-hints.ts), so the browser's takeover of that markup finds the same text.
 * `options` is compared by identity: pass a constant.
 */
export function useDateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const { locale, timeZone } = useRenderHints();
  const inServer = typeof window === 'undefined';
  return useMemo(
    () =>
      inServer
        ? new Intl.DateTimeFormat(locale ?? undefined, { ...options, timeZone: timeZone ?? undefined })
        : new Intl.DateTimeFormat(undefined, options),
    [inServer, locale, timeZone, options],
  );
}

/** '26 Nov 2026, 3:04 pm' in the browser's locale: how the app writes a moment. */
export const dateAndTime = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** The browser's formatter for `dateAndTime`, for screens the server never renders; made on first use. */
export const dateAndTimeFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, dateAndTime));
