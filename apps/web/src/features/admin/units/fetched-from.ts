/**
 * The unit form's toast after a fetch: where the unit came from. The bundled example units answer
 * when the register cannot (out of reach, not listing the code, or switched off on this server), and
 * the admin should know the text is not the register's.
 */
export function fetchedFromMessage(unit: { code: string; fallbackReason: string | null }): string {
  if (!unit.fallbackReason) return `Fetched ${unit.code} from the national training register`;
  return `Fetched ${unit.code} from the bundled example units: ${unit.fallbackReason}.`;
}
