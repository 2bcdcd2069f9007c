import { onFirstUse } from './on-first-use';

const countFormat = onFirstUse(() => new Intl.NumberFormat('en-AU'));

/** '1 task', '12 tasks', '1,204 units': a count with its noun, in the one place that knows plurals. */
export function countNoun(count: number, noun: string, pluralNoun = `${noun}s`): string {
  // Below a thousand the number reads as it is written: no formatter (and no locale data) needed.
  const written =
    Math.abs(count) < 1000 && Number.isInteger(count) ? String(count) : countFormat().format(count);
  return `${written} ${count === 1 ? noun : pluralNoun}`;
}
