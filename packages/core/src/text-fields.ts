import { z } from 'zod';

/**
 * Every string an input takes. PostgreSQL refuses a NUL byte in text, and a lone surrogate (half of
 * a UTF-16 pair, which no UTF-8 can spell) in JSON, while the drivers quietly turn one into U+FFFD
 * in text; no other control character belongs in a name, a code or a search either. So each field
 * refuses them with a message naming it, and has a length it cannot pass, before any database sees it.
 */

/** One line (a name, a code, a search) or several (a description, a comment: tabs and line breaks). */
export type TextLines = 'one' | 'many';

const isLayout = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d;

/** A C0 or C1 control character, or DEL; tab, line feed and carriage return too unless `lines` is 'many'. */
export function hasControlCharacter(text: string, lines: TextLines = 'one'): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && !(lines === 'many' && isLayout(code))) return true;
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/** Half of a surrogate pair without its other half: text no UTF-8 can hold. */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    i += 1;
  }
  return false;
}

/** Whether the database can keep the text as it is. */
export const isStorableText = (text: string, lines: TextLines = 'one') =>
  !hasControlCharacter(text, lines) && !hasLoneSurrogate(text);

type TextField = {
  label: string;
  max: number;
  lines?: TextLines;
  /** Trims before any other check (a value people type). */
  trim?: boolean;
  /** Refuses an empty value: with `${label} is required`, or this message. */
  required?: boolean | string;
};

/**
 * The string schema every input field is made from: at most `max` characters, no control character
 * (bar layout where `lines` is 'many'), no lone surrogate. Chain `.regex()`, `.min()` or `.pipe()`
 * for what a field needs beyond that.
 */
export function text({ label, max, lines = 'one', trim = false, required = false }: TextField) {
  const requiredMessage = typeof required === 'string' ? required : `${label} is required`;
  const string = z.string({ error: required ? requiredMessage : `${label} must be text` });
  const trimmed = trim ? string.trim() : string;
  // An empty required value is that alone, not also too short for a longer minimum chained after.
  return (required ? trimmed.min(1, { error: requiredMessage, abort: true }) : trimmed)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value, lines), `${label} must not contain control characters`)
    .refine((value) => !hasLoneSurrogate(value), `${label} contains characters that cannot be stored`);
}

/** A required one-line value (a name, a title), trimmed. */
export function requiredLine({ label, max }: { label: string; max: number }) {
  return text({ label, max, trim: true, required: true });
}

/** Optional text that may run over several lines (a description, Performance Evidence), trimmed. */
export function multiLineText({ label, max }: { label: string; max: number }) {
  return text({ label, max, lines: 'many', trim: true });
}
