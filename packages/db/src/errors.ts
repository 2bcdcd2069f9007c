/** Postgres' unique_violation, whichever driver raised it and however drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Postgres' foreign_key_violation: a row another still refers to (RESTRICT), or one that is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Why the database refused a value it cannot hold or compare, or null when that is not the error: a
 * data exception (SQLSTATE class 22: a NUL in text, a date out of range, a lone surrogate in JSON) or
 * an index row too large (54000). Input schemas refuse these first (core's text and date fields);
 * what slips past them is the request's fault, to be answered as such rather than as a 500.
 */
export function unstorableValueReason(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(code)) return `${code} ${String(message)}`;
  }
  return null;
}
