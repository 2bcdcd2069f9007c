const countFormat = new Intl.NumberFormat('en-AU');

/** '1 task', '12 tasks', '1,204 units': a count with its noun, in the one place that knows plurals. */
export function countNoun(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${countFormat.format(count)} ${count === 1 ? noun : pluralNoun}`;
}
