import { createContext, useContext } from 'react';

/**
 * Issue 20: what the server knew of this device when it rendered a first screen
 * (apps/server/src/first-screen.ts), kept by the browser in two small cookies. The browser's first
 * render, which takes the server's markup over, starts from the same hints, then from what it sees.
 */
export type RenderHints = {
  /** The page was rendered by the server (and this render makes it, or takes it over). */
  rendered: boolean;
  /** A touch screen: the task cards offer the camera (features/evidence/coarse-pointer.ts). */
  coarsePointer: boolean;
  /** The unit this person last chose on their dashboard on this device (features/student/chosen-unit.ts). */
  dashboardUnit: string | null;
  /** The browser's locale and time zone, for dates as it would write them (format/date-time.tsx). */
  locale: string | null;
  timeZone: string | null;
  /**
   * The time zone's offset from UTC (`Date#getTimezoneOffset`) when the browser named it: a browser
   * that now has another offset has moved, and writes its dates again (format/date-time.tsx).
   */
  timeZoneOffset: number | null;
  /**
   * The window's size in CSS pixels, as this browser last said it (or a phone's, guessed from its
   * mobile hint on a first visit): the Evidence Matrix renders the rows and task columns that fit
   * it, not a laptop's worth, on a phone (features/assessor/matrix/matrix-grid.tsx). Null: not known.
   */
  viewport: Viewport | null;
};

export type Viewport = { width: number; height: number };

/** A phone's window (a 390 x 844 iPhone or Pixel) where the browser has not said its own yet. */
const phoneViewport: Viewport = { width: 390, height: 844 };

export const noRenderHints: RenderHints = {
  rendered: false,
  coarsePointer: false,
  dashboardUnit: null,
  locale: null,
  timeZone: null,
  timeZoneOffset: null,
  viewport: null,
};

export const RenderHintsContext = createContext<RenderHints>(noRenderHints);

export function useRenderHints(): RenderHints {
  return useContext(RenderHintsContext);
}

/** Written by the app (rememberDeviceHints): `coarse` or `fine`. */
export const pointerCookie = 'evident-pointer';
/**
 * Written by the app (rememberDeviceHints): `<locale>~<time zone>~<offset>`, e.g.
 * `en-AU~Australia/Perth~-480` (the offset in minutes, as `Date#getTimezoneOffset` gives it).
 */
export const intlCookie = 'evident-intl';
/**
 * Written when a student chooses a unit: `<user id>:<unit id>` pairs joined by `|`, newest first, the
 * last choice of each of the last few people on this device (a tablet passed round a class).
 */
export const dashboardUnitCookie = 'evident-unit';
/** Sent with every request: a few people's choices, not a class's. */
const dashboardUnitPeople = 3;

/** The cookie's `<user id>:<unit id>` pairs, newest first; anything else in it is dropped. */
function unitChoicesIn(value: string | null): { userId: string; unitId: string }[] {
  return (value ?? '').split('|').flatMap((pair) => {
    const [userId, unitId] = pair.split(':');
    return userId && unitId ? [{ userId, unitId }] : [];
  });
}

/** This person's last unit in the cookie's value, or null. */
export function dashboardUnitOf(value: string | null, userId: string): string | null {
  return unitChoicesIn(value).find((choice) => choice.userId === userId)?.unitId ?? null;
}

/** The cookie's value with this person's choice first, the others' after it, as many as it keeps. */
export function withDashboardUnit(value: string | null, userId: string, unitId: string): string {
  const others = unitChoicesIn(value).filter((choice) => choice.userId !== userId);
  return [{ userId, unitId }, ...others]
    .slice(0, dashboardUnitPeople)
    .map((choice) => `${choice.userId}:${choice.unitId}`)
    .join('|');
}
/** Written by the app (rememberDeviceHints): the window's size, `<width>x<height>` in CSS pixels. */
export const viewportCookie = 'evident-viewport';

/** `390x844`, each side a whole number of CSS pixels a screen could have; anything else is no size. */
export function parseViewport(value: string | null): Viewport | null {
  const [, width, height] = /^(\d{3,5})x(\d{3,5})$/.exec(value ?? '') ?? [];
  const size = { width: Number(width), height: Number(height) };
  const plausible = (side: number) => side >= 200 && side <= 10_000;
  return plausible(size.width) && plausible(size.height) ? size : null;
}

/** What a request carries that the hints are read from. */
export type HintSources = {
  cookie: (name: string) => string | null;
  /** `Sec-CH-UA-Mobile`, which Chromium sends: `?1` on a phone. */
  mobileHint: string | undefined;
  userAgent: string | undefined;
  /** `Accept-Language`: the locale, before the browser has said it in a cookie. */
  acceptLanguage: string | undefined;
};

/** A locale or time zone name as the browser writes them, nothing else (they reach Intl). */
const intlName = /^[A-Za-z][\w+/-]{0,63}$/;

function supported(name: string | undefined, check: (name: string) => void): string | null {
  if (!name || !intlName.test(name)) return null;
  try {
    check(name);
    return name;
  } catch {
    return null;
  }
}

/**
 * The hints for a request: the cookies when the browser has set them, and before it has (a first
 * visit) the browser's mobile hint, or else its user agent's name for a phone or tablet.
 */
export function renderHintsFor(
  { cookie, mobileHint, userAgent, acceptLanguage }: HintSources,
  userId: string,
): RenderHints {
  const pointer = cookie(pointerCookie);
  const [cookieLocale, cookieZone, cookieOffset] = (cookie(intlCookie) ?? '').split('~');
  const timeZone = supported(cookieZone, (name) => new Intl.DateTimeFormat('en', { timeZone: name }));
  const offset = Number(cookieOffset);
  const firstLanguage = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  const touchDevice =
    mobileHint !== undefined ? mobileHint === '?1' : /\b(Mobi|Android|iPhone|iPad)/.test(userAgent ?? '');
  // A phone, not a tablet: Chromium's mobile hint is ?0 on a tablet, and tablets' agents lack 'Mobi'.
  const phone = mobileHint !== undefined ? mobileHint === '?1' : /\bMobi/.test(userAgent ?? '');
  return {
    rendered: true,
    coarsePointer: pointer ? pointer === 'coarse' : touchDevice,
    dashboardUnit: dashboardUnitOf(cookie(dashboardUnitCookie), userId),
    locale: supported(cookieLocale || firstLanguage, (name) => new Intl.DateTimeFormat(name)),
    timeZone,
    // Offsets run from UTC-12 to UTC+14.
    timeZoneOffset:
      timeZone && cookieOffset && Number.isInteger(offset) && Math.abs(offset) <= 14 * 60 ? offset : null,
    viewport: parseViewport(cookie(viewportCookie)) ?? (phone ? phoneViewport : null),
  };
}

/** A cookie's value as this page sees it, or null. */
export function cookieInBrowser(name: string): string | null {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair === undefined ? null : decodeURIComponent(pair.slice(name.length + 1));
}

/** Sets a cookie for a year, unless it holds that value already. */
export function keepCookie(name: string, value: string): void {
  if (cookieInBrowser(name) === value) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in the Safari versions our students' phones run
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * What the server renders this person's next first screen by: a touch screen or not, the window's
 * size, and the locale and time zone of its dates. The pointer and size are written once the app is
 * idle; the locale and time zone when the page is first hidden (the person switched away or is
 * leaving): the page's first Intl formatter loads the browser's locale data, some 40 ms of a phone's main thread that nobody should
 * wait through while the screen is in front of them.
 */
export function rememberDeviceHints(): void {
  keepCookieSafely(pointerCookie, () => (window.matchMedia('(pointer: coarse)').matches ? 'coarse' : 'fine'));
  keepCookieSafely(viewportCookie, () => `${window.innerWidth}x${window.innerHeight}`);
  const onHidden = () => {
    if (document.visibilityState !== 'hidden') return;
    document.removeEventListener('visibilitychange', onHidden);
    keepCookieSafely(intlCookie, () => {
      const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
      return `${locale}~${timeZone}~${new Date().getTimezoneOffset()}`;
    });
  };
  document.addEventListener('visibilitychange', onHidden);
}

function keepCookieSafely(name: string, value: () => string): void {
  try {
    keepCookie(name, value());
  } catch {
    // Cookies refused (a sandboxed frame): the server goes by the browser's own hints.
  }
}
