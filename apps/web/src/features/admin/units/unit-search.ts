import type { AdminUnit } from '../admin-types';

export type SearchableUnit = { unit: AdminUnit; haystack: string };

/** Lower-cased once per list load, so each keystroke only runs `includes` over plain strings. */
export function toSearchable(units: readonly AdminUnit[]): SearchableUnit[] {
  return units.map((unit) => ({ unit, haystack: `${unit.unitCode}\n${unit.title}`.toLowerCase() }));
}

/** Spec section 2: case-insensitive search by unit code or title. */
export function filterUnits(units: readonly SearchableUnit[], query: string): AdminUnit[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return units.map((entry) => entry.unit);
  const matches: AdminUnit[] = [];
  for (const entry of units) if (entry.haystack.includes(needle)) matches.push(entry.unit);
  return matches;
}
