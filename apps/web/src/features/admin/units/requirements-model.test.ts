import { describe, expect, it } from 'vitest';
import {
  itemsOf,
  pasteOver,
  proposalFrom,
  readPasted,
  releaseProblem,
  requirementGroups,
  withPasted,
} from './requirements-model';

const [elements, pe, ke] = requirementGroups;

describe("the unit form's requirements", () => {
  it('lists each element followed by its criteria, however the server ordered them', () => {
    if (!elements) throw new Error('no element group');
    const draft = {
      release: '1',
      items: [
        { section: 'element' as const, key: 'E 1', parentKey: null, text: 'Plan' },
        { section: 'element' as const, key: 'E 2', parentKey: null, text: 'Do' },
        { section: 'pc' as const, key: 'PC 1.1', parentKey: 'E 1', text: 'Read' },
        { section: 'pc' as const, key: 'PC 2.1', parentKey: 'E 2', text: 'Act' },
      ],
    };
    expect(itemsOf(draft, elements).map((item) => item.key)).toEqual(['E 1', 'PC 1.1', 'E 2', 'PC 2.1']);
  });

  it('adds a pasted section to what the unit holds, under its release, in section order', () => {
    if (!pe || !ke) throw new Error('no groups');
    const pasted = readPasted(ke, 'hazards\n  falls\nrescue');
    expect(pasted.map((item) => item.key)).toEqual(['KE 1', 'KE 1.1', 'KE 2']);
    const held = { release: 'catalogue', items: readPasted(pe, 'plan\ninspect') };
    const draft = withPasted(held, pasted);
    expect(draft.release).toBe('catalogue');
    expect(draft.items.map((item) => item.key)).toEqual(['PE 1', 'PE 2', 'KE 1', 'KE 1.1', 'KE 2']);
    // Nothing read yet: the pasted items are kept under 'release not known'.
    expect(withPasted(null, pasted).release).toBe('unknown');
  });
});

describe('a fetched unit in place of the requirements held', () => {
  const item = (key: string, text: string) => ({ section: 'ke' as const, key, parentKey: null, text });
  const saved = { release: '2', items: [item('KE 1', 'hazards')] };

  it('proposes a new release whole, and nothing when the answer has no items', () => {
    const answer = { release: '3', requirements: [item('KE 1', 'risks')] };
    expect(proposalFrom(saved, answer)).toEqual({
      proposed: { release: '3', items: answer.requirements },
      notice: null,
    });
    expect(proposalFrom(saved, { release: '3', requirements: [] })).toEqual({ proposed: null, notice: null });
  });

  it("never proposes the catalogue's summary over a register release, and says so", () => {
    const { proposed, notice } = proposalFrom(saved, {
      release: 'catalogue',
      requirements: [item('KE 1', 'x')],
    });
    expect(proposed).toBeNull();
    expect(notice).toBe('The register could not be read, so the unit keeps its requirements from release 2.');
  });

  it('adds only the keys the same release lacks, keeping what was pasted into it', () => {
    const pasted = { release: 'catalogue', items: [item('KE 1', 'pasted')] };
    const answer = {
      release: 'catalogue',
      requirements: [{ ...item('PE 1', 'plan'), section: 'pe' as const }],
    };
    expect(proposalFrom(pasted, answer).proposed?.items.map((i) => i.key)).toEqual(['KE 1', 'PE 1']);
    expect(
      proposalFrom(pasted, { release: 'catalogue', requirements: [item('KE 1', 'other')] }).proposed,
    ).toBeNull();
  });

  it('pasting over a section lists what changes, and asks for a release only when saved words would change', () => {
    if (!pe || !ke) throw new Error('no groups');
    const saved = {
      release: '2',
      items: [...readPasted(pe, 'plan\ninspect'), ...readPasted(ke, 'hazards\nrescue')],
    };
    const reworded = pasteOver(saved, saved, ke, readPasted(ke, 'hazards at heights\nrescue\nfirst aid'));
    expect(reworded.diff.added.map((item) => item.key)).toEqual(['KE 3']);
    expect(reworded.diff.reworded).toEqual([
      { key: 'KE 1', section: 'ke', before: 'hazards', after: 'hazards at heights' },
    ]);
    expect(reworded.needsRelease).toBe(true);
    // The other sections stay as they were; only Knowledge Evidence is replaced.
    expect(reworded.next.items.map((item) => item.key)).toEqual(['PE 1', 'PE 2', 'KE 1', 'KE 2', 'KE 3']);
    // More items in the same words go into the release already held.
    expect(pasteOver(saved, saved, ke, readPasted(ke, 'hazards\nrescue\nfirst aid')).needsRelease).toBe(
      false,
    );
    // A fetched release not saved yet is replaced as it stands: nothing of it is in use.
    const fetched = { ...saved, release: '3' };
    expect(pasteOver(fetched, saved, ke, readPasted(ke, 'rescue')).needsRelease).toBe(false);
    expect(releaseProblem('', '2')).toMatch(/Type the release/);
    expect(releaseProblem('two', '2')).toBe('A release is a number like "3".');
    expect(releaseProblem('2', '2')).toMatch(/^Release 2 already holds these items in other words/);
    expect(releaseProblem(' 3 ', '2')).toBeNull();
  });
});
