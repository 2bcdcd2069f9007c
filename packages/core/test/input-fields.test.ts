import { day, moment } from '@evident/core/date-fields';
import { isStorableText, text } from '@evident/core/text-fields';
import { describe, expect, it } from 'vitest';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('text fields', () => {
  const name = text({ label: 'Name', max: 20, trim: true, required: true });
  const note = text({ label: 'Note', max: 100, lines: 'many' });

  it('refuses NUL, DEL and C1 controls on one line, and tab and line breaks too', () => {
    for (const value of ['a\u0000b', 'a\u007fb', 'a\u0085b', 'a\tb', 'a\nb']) {
      expect(messages(name.safeParse(value)), JSON.stringify(value)).toEqual([
        'Name must not contain control characters',
      ]);
    }
  });

  it('lets tab, line feed and carriage return through over several lines, and nothing else', () => {
    expect(note.parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(messages(note.safeParse('a\u0000b'))).toEqual(['Note must not contain control characters']);
  });

  it('refuses a lone surrogate of either half, and keeps a pair', () => {
    for (const value of ['a\uD800b', 'a\uDC00', '\uD83D']) {
      expect(messages(name.safeParse(value))).toEqual(['Name contains characters that cannot be stored']);
    }
    expect(name.parse(' 🦘 ')).toBe('🦘');
    expect(isStorableText('🦘\uD83D')).toBe(false);
  });

  it('caps the length and names the field when empty or missing', () => {
    expect(messages(name.safeParse('x'.repeat(1_000_000)))).toEqual(['Name must be at most 20 characters']);
    expect(messages(name.safeParse('   '))).toEqual(['Name is required']);
    expect(messages(name.safeParse(undefined))).toEqual(['Name is required']);
    expect(messages(note.safeParse(1))).toEqual(['Note must be text']);
  });
});

describe('date fields', () => {
  it('takes days and moments from 1900 to 2999 and refuses year 0000 with a message naming the field', () => {
    const startsOn = day({ label: 'startsOn' });
    expect(startsOn.parse('2026-03-01')).toBe('2026-03-01');
    expect(messages(startsOn.safeParse('0000-01-01'))).toEqual(['startsOn must be a date from 1900 to 2999']);
    expect(messages(startsOn.safeParse('3000-01-01'))).toEqual(['startsOn must be a date from 1900 to 2999']);
    expect(messages(startsOn.safeParse('2026-02-30'))).toEqual([
      'startsOn must be a date such as 2026-03-01',
    ]);
    const capturedAt = moment({ label: 'Captured time' });
    expect(capturedAt.parse('2026-03-01T09:30:00+10:00')).toBe('2026-03-01T09:30:00+10:00');
    expect(messages(capturedAt.safeParse('0000-01-01T00:00:00Z'))).toEqual([
      'Captured time must be a date from 1900 to 2999',
    ]);
  });
});
