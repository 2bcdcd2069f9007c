import { onFirstUse } from './on-first-use';

const countFormat = onFirstUse(() => new Intl.NumberFormat('en-AU'));

/** '12', '1,204': a count as the app writes it. */
export function formatCount(count: number): string {
  // Below a thousand the number reads as it is written: no formatter (and no locale data) needed.
  return Math.abs(count) < 1000 && Number.isInteger(count) ? String(count) : countFormat().format(count);
}

/** '1 task', '12 tasks', '1,204 units': a count with its noun, in the one place that knows plurals. */
export function countNoun(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : pluralNoun}`;
}
