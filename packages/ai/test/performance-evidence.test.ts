import { describe, expect, it } from 'vitest';
import { parsePerformanceEvidence, requiredOccasions, withoutOccasions } from '../src/performance-evidence';

describe('required occasions', () => {
  it.each([
    ['operate the forklift on at least two occasions', 2],
    ['complete the task on three occasions', 3],
    ['evidence from 2 occasions', 2],
    ['on two (2) separate occasions, pack an order', 2],
    ['on a minimum of 3 different occasions', 3],
    ['On Four Occasions', 4],
    ['on at least one occasion', 1],
    ['on more than one occasion', 2],
    ['respond to complaints twice', 2],
    ['occasionally check the tyres', null],
    ['inspect equipment in two locations', null],
    ['lift loads of up to 3 tonnes', null],
  ])('reads "%s" as %s', (text, expected) => {
    expect(requiredOccasions(text)).toBe(expected);
  });

  it('can be cut out of a line to leave the action', () => {
    expect(withoutOccasions('on at least two occasions, work safely at heights, including:')).toBe(
      'work safely at heights, including:',
    );
    expect(withoutOccasions('operate a forklift on three (3) separate occasions')).toBe('operate a forklift');
    expect(withoutOccasions('clean up equipment at the end of the shift on 3 occasions')).toBe(
      'clean up equipment at the end of the shift',
    );
  });
});

describe('parsing Performance Evidence', () => {
  it('separates the preamble, headings and items of nested text and numbers them', () => {
    const outline = parsePerformanceEvidence(
      [
        'Summary prepared by Evident; not the official register text.',
        'The candidate must demonstrate the ability to complete the tasks outlined in the elements of this unit:',
        '  on at least two occasions, work safely at heights, including:',
        '    identifying hazards',
        '    operating the platform',
        '  report incidents to the supervisor',
      ].join('\r\n'),
    );

    expect(outline.preamble).toEqual([
      'Summary prepared by Evident; not the official register text.',
      'The candidate must demonstrate the ability to complete the tasks outlined in the elements of this unit:',
    ]);
    expect(outline.lines.map(({ kind, number, depth, text }) => [kind, number, depth, text])).toEqual([
      ['heading', '1', 0, 'on at least two occasions, work safely at heights, including:'],
      ['item', '1.1', 1, 'identifying hazards'],
      ['item', '1.2', 1, 'operating the platform'],
      ['item', '2', 0, 'report incidents to the supervisor'],
    ]);
    expect(outline.items.map((item) => item.occasions)).toEqual([2, 2, null]);
    expect(outline.items[0]?.headings).toEqual([
      'on at least two occasions, work safely at heights, including:',
    ]);
  });

  it('reads a flat list under a line ending in ":" until the list changes shape', () => {
    const outline = parsePerformanceEvidence(
      [
        '- selected and used PPE',
        '- applying knowledge of:',
        '- relevant WHS legislation',
        '- emergency procedures',
        '- recorded stock movements',
      ].join('\n'),
    );

    expect(outline.preamble).toEqual([]);
    expect(outline.lines.map(({ kind, number, text }) => [kind, number, text])).toEqual([
      ['item', '1', 'selected and used PPE'],
      ['heading', '2', 'applying knowledge of:'],
      ['item', '2.1', 'relevant WHS legislation'],
      ['item', '2.2', 'emergency procedures'],
      ['item', '3', 'recorded stock movements'],
    ]);
  });

  it('applies occasions in the preamble to every item', () => {
    const outline = parsePerformanceEvidence(
      [
        'There must be evidence that the candidate has completed the following on at least three occasions:',
        'greeted customers',
        'processed a sale',
      ].join('\n'),
    );

    expect(outline.items.map((item) => [item.text, item.occasions])).toEqual([
      ['greeted customers', 3],
      ['processed a sale', 3],
    ]);
  });

  it('keeps a one-sentence Performance Evidence as its only item', () => {
    const outline = parsePerformanceEvidence(
      'The candidate must demonstrate the ability to operate a chainsaw safely on at least two occasions.',
    );

    expect(outline.items).toHaveLength(1);
    expect(outline.items[0]?.occasions).toBe(2);
  });

  it('finds nothing in blank text', () => {
    expect(parsePerformanceEvidence(' \n\n  ').items).toEqual([]);
  });
});
