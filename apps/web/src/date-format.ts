import { useMemo } from 'react';
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
