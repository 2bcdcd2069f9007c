import { useCallback, useState } from 'react';

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
}

/** The remembered unit id and a setter that remembers the choice. */
export function useChosenUnitId(userId: string): [string | null, (unitId: string) => void] {
  const [unitId, setUnitId] = useState(() => rememberedUnit(userId));
  const choose = useCallback(
    (next: string) => {
      rememberUnit(userId, next);
      setUnitId(next);
    },
    [userId],
  );
  return [unitId, choose];
}
