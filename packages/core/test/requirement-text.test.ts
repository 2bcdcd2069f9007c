import { describe, expect, it } from 'vitest';
import { diffRequirements, elementsToItems, parseRequirementText } from '../src/requirement-text';
import type { RequirementItem } from '../src/requirements';

const keys = (items: RequirementItem[]) => items.map((item) => [item.key, item.parentKey, item.text]);

describe('a section pasted or read from the register', () => {
  it('numbers top-level items and keeps nested ones under their parent, framing apart', () => {
    const text = [
      'The candidate must be able to demonstrate knowledge to complete the tasks outlined in this unit, including knowledge of:',
      'hazards at heights',
      'fall protection equipment, including:',
      '  harnesses',
      '  lanyards and connectors',
      '• rescue procedures',
    ].join('\n');
    const { items, preamble } = parseRequirementText('ke', text);
    expect(preamble).toEqual([
      'The candidate must be able to demonstrate knowledge to complete the tasks outlined in this unit, including knowledge of:',
    ]);
    expect(keys(items)).toEqual([
      ['KE 1', null, 'hazards at heights'],
      ['KE 2', null, 'fall protection equipment, including:'],
      ['KE 2.1', 'KE 2', 'harnesses'],
      ['KE 2.2', 'KE 2', 'lanyards and connectors'],
      ['KE 3', null, 'rescue procedures'],
    ]);
    expect(items.every((item) => item.section === 'ke')).toBe(true);
  });

  it('takes an explicit outline number as the key, with tabs or no indentation', () => {
    const text = '1. hazards\n3 controls\n3.1\tisolation\n3.2 PPE\n';
    expect(keys(parseRequirementText('ac', text).items)).toEqual([
      ['AC 1', null, 'hazards'],
      ['AC 3', null, 'controls'],
      ['AC 3.1', 'AC 3', 'isolation'],
      ['AC 3.2', 'AC 3', 'PPE'],
    ]);
  });

  it("reads a ':' line over a flat list as the list's heading", () => {
    const text = 'physical conditions:\na workplace setting\nresources:\nharness\nanchor';
    expect(keys(parseRequirementText('ac', text).items)).toEqual([
      ['AC 1', null, 'physical conditions:'],
      ['AC 1.1', 'AC 1', 'a workplace setting'],
      ['AC 2', null, 'resources:'],
      ['AC 2.1', 'AC 2', 'harness'],
      ['AC 2.2', 'AC 2', 'anchor'],
    ]);
  });

  it('joins lines nested deeper than three levels to their parent', () => {
    const text = 'a\n  b\n    c\n      d\n      e';
    expect(keys(parseRequirementText('fs', text).items)).toEqual([
      ['FS 1', null, 'a'],
      ['FS 1.1', 'FS 1', 'b'],
      ['FS 1.1.1', 'FS 1.1', 'c d; e'],
    ]);
  });

  it('reads elements and criteria, numbered or indented, with sub-lists joined to the criterion', () => {
    const numbered = [
      'ELEMENT',
      'Elements describe the essential outcomes',
      '1. Plan the work',
      '1.1 Read the documents',
      '1.2 Check the equipment, including:',
      '  harnesses',
      '2 Do the work',
      '2.1 Stay attached',
    ].join('\n');
    expect(keys(parseRequirementText('element', numbered).items)).toEqual([
      ['E 1', null, 'Plan the work'],
      ['PC 1.1', 'E 1', 'Read the documents'],
      ['PC 1.2', 'E 1', 'Check the equipment, including: harnesses'],
      ['E 2', null, 'Do the work'],
      ['PC 2.1', 'E 2', 'Stay attached'],
    ]);
    const indented = 'Plan the work\n  Read the documents\nDo the work\n  Stay attached';
    expect(parseRequirementText('element', indented).items.map((item) => item.key)).toEqual([
      'E 1',
      'PC 1.1',
      'E 2',
      'PC 2.1',
    ]);
  });

  it('gives nothing for blank or heading-only text', () => {
    expect(parseRequirementText('ke', '  \n\nKnowledge Evidence\n').items).toEqual([]);
  });

  it('turns the register client elements into items', () => {
    expect(keys(elementsToItems([{ title: 'Plan', performanceCriteria: ['Read', 'Check'] }]))).toEqual([
      ['E 1', null, 'Plan'],
      ['PC 1.1', 'E 1', 'Read'],
      ['PC 1.2', 'E 1', 'Check'],
    ]);
  });
});

describe('the difference between two releases', () => {
  const item = (key: string, text: string): RequirementItem => ({
    section: 'ke',
    key,
    parentKey: null,
    text,
  });

  it('names items added, removed and reworded by key', () => {
    const diff = diffRequirements(
      [item('KE 1', 'hazards'), item('KE 2', 'controls'), item('KE 3', 'rescue')],
      [item('KE 1', 'hazards'), item('KE 2', 'risk controls'), item('KE 4', 'first aid')],
    );
    expect(diff.added.map((i) => i.key)).toEqual(['KE 4']);
    expect(diff.removed.map((i) => i.key)).toEqual(['KE 3']);
    expect(diff.reworded).toEqual([
      { key: 'KE 2', section: 'ke', before: 'controls', after: 'risk controls' },
    ]);
    expect(diff.unchanged).toBe(1);
  });
});
