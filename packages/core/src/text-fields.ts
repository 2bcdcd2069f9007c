import { z } from 'zod';

/**
 * Free-text fields people type. PostgreSQL refuses a NUL byte outright, and no other control
 * character belongs in a name or a task either, so they are refused here with a message that
 * names the field rather than failing later in the database.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const anyControl = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, but tabs and line breaks are text here
const controlButLayout = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

type TextField = { label: string; max: number };

/** A required one-line value (a name, a title), trimmed. */
export function requiredLine({ label, max }: TextField) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .refine((text) => !anyControl.test(text), `${label} must not contain control characters`);
}

/** Optional text that may run over several lines (a description, Performance Evidence), trimmed. */
export function multiLineText({ label, max }: TextField) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`)
    .refine((text) => !controlButLayout.test(text), `${label} must not contain control characters`);
}
