import { useCallback, useEffect, useState } from 'react';
import {
  cookieInBrowser,
  dashboardUnitCookie,
  dashboardUnitOf,
  keepCookie,
  useRenderHints,
  withDashboardUnit,
} from '../../start-up/render-hints';

/**
 * The unit a student last chose on the dashboard, kept in this browser (per person, since a shared
 * tablet may be passed round), so the next visit opens on it. Unit setup sets it to the new unit.
 */
const keyOf = (userId: string) => `evident:dashboard-unit:${userId}`;

export function rememberedUnit(userId: string): string | null {
  try {
    return window.localStorage.getItem(keyOf(userId));
  } catch {
    // Storage refused (private mode, quota): the first unit shows instead.
    return null;
  }
}

export function rememberUnit(userId: string, unitId: string): void {
  try {
    window.localStorage.setItem(keyOf(userId), unitId);
  } catch {
    // Not remembered; nothing else depends on it.
  }
  tellServer(userId, unitId);
}

/** The server renders the dashboard on this person's last choice on this device (start-up/render-hints.ts). */
function tellServer(userId: string, unitId: string): void {
  keepCookie(dashboardUnitCookie, withDashboardUnit(cookieInBrowser(dashboardUnitCookie), userId, unitId));
}

/**
 * The remembered unit id and a setter that remembers the choice. A screen the server rendered shows
 * the unit it rendered (the cookie's, start-up/render-hints.ts), then this browser's own if it remembers another.
 */
export function useChosenUnitId(userId: string): [string | null, (unitId: string) => void] {
  const hints = useRenderHints();
  const [unitId, setUnitId] = useState(() => (hints.rendered ? hints.dashboardUnit : rememberedUnit(userId)));
  useEffect(() => {
    const remembered = rememberedUnit(userId);
    if (remembered === null) return;
    setUnitId(remembered);
    // The server rendered another unit (the cookie lost this choice: cleared, or others on this
    // device since): it renders this one next time, with no switch after the first paint.
    if (dashboardUnitOf(cookieInBrowser(dashboardUnitCookie), userId) !== remembered)
      tellServer(userId, remembered);
  }, [userId]);
  const choose = useCallback(
    (next: string) => {
      rememberUnit(userId, next);
      setUnitId(next);
    },
    [userId],
  );
  return [unitId, choose];
}
