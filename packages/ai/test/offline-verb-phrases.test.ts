import { describe, expect, it } from 'vitest';
import { generateTasksOffline } from '../src/offline-generator';

/*
 * Issue 19, section 4: a forklift unit set up by a new user read 'Deal with park and shut down the
 * forklift' (a verb the table does not know, read as a noun), and a sub-point, 'sound the horn at
 * blind corners', was mapped to 'Lift and move a load safely' instead of the item it sits under.
 * These texts are in the catalogue's own shape (capitalised items, lower-case sub-points), nested
 * and flat, as admins paste them into the unit form.
 */
const nested = [
  'On at least one occasion, operate a forklift truck safely through a complete job, showing each of the following:',
  'Plan the work and check the work area for hazards',
  'Lift and move a load safely',
  '  check the load weight against the data plate',
  '  travel with the load lowered and tilted back',
  'Travel through the workplace with care for others',
  '  keep to the speed limit',
  '  sound the horn at blind corners',
  'Park and shut down the forklift',
  '  lower the forks to the ground',
  '  remove the key',
  'Report faults and record the checks in the logbook',
].join('\n');

const flat = [
  'Lift and move a load safely:',
  'check the load weight against the data plate',
  'travel with the load lowered and tilted back',
  'Travel through the workplace with care for others',
  'keep to the speed limit',
  'sound the horn at blind corners',
  'Park and shut down the forklift',
].join('\n');

const generate = (performanceEvidence: string) =>
  generateTasksOffline({
    unitCode: 'TLILIC0003',
    title: 'Licence to operate a forklift truck',
    performanceEvidence,
  }).tasks;

const mapping = (tasks: ReturnType<typeof generate>, item: string) =>
  tasks.filter((task) => task.performanceEvidenceMapping.includes(item));

describe('offline task text: verbs the table does not know', () => {
  for (const [layout, text] of [
    ['nested', nested],
    ['flat', flat],
  ] as const) {
    it(`never glues 'deal with' onto an item that starts with a verb (${layout})`, () => {
      const tasks = generate(text);
      for (const task of tasks) {
        expect(`${task.title} ${task.description} ${task.tooltip}`).not.toMatch(/\bdeal(?:ing)? with\b/i);
      }
      const park =
        tasks.find((task) => /^Park and shut down the forklift\b/.test(task.title)) ??
        tasks.find((task) => task.description.startsWith('When you park and shut down the forklift, '));
      expect(park, tasks.map((task) => task.title).join(' | ')).toBeDefined();
      const horn = mapping(tasks, 'sound the horn at blind corners');
      expect(horn.map((task) => task.title)).toEqual(['Sound the horn']);
      expect(horn[0]?.description).toContain('sound the horn at blind corners.');
      expect(horn[0]?.description).toContain('as you sound the horn');
    });

    it(`maps a sub-point to the task about its own item, not the item before (${layout})`, () => {
      const tasks = generate(text);
      for (const item of ['keep to the speed limit', 'sound the horn at blind corners']) {
        const [task, ...more] = mapping(tasks, item);
        expect(more).toEqual([]);
        expect(task?.description).toMatch(/^When you travel through the workplace with care for others, /);
        expect(task?.description).not.toMatch(/lift and move a load/);
      }
      for (const item of [
        'check the load weight against the data plate',
        'travel with the load lowered and tilted back',
      ]) {
        expect(mapping(tasks, item)[0]?.description).toMatch(/^When you lift and move a load safely, /);
      }
    });
  }

  it('reads the sub-points under a verb it does not know as that item’s, within it', () => {
    const tasks = generate(nested);
    const lower = mapping(tasks, 'lower the forks to the ground')[0];
    expect(lower?.title).toBe('Lower the forks');
    expect(lower?.description).toMatch(
      /^When you park and shut down the forklift, lower the forks to the ground\./,
    );
  });

  it('still reads noun phrases as nouns: no verb is guessed from "signs of pests" or "dirty or damaged surfaces"', () => {
    const tasks = generate(
      [
        'Spot food hazards and report them to a supervisor',
        '  signs of pests',
        '  dirty or damaged surfaces and equipment',
        '  water on the floor',
      ].join('\n'),
    );
    expect(tasks.map((task) => task.title)).toEqual(['Spot food hazards and report them']);
  });
});
