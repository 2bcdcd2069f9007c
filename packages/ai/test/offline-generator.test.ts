import { phases, taskDraftSchema } from '@evident/core/curriculum';
import { describe, expect, it } from 'vitest';
import { createOfflineTaskGenerator, generateTasksOffline } from '../src/offline-generator';
import { parsePerformanceEvidence } from '../src/performance-evidence';

/** Twelve items: a nested group required on two occasions, a flat run, a noun-phrase group, three occasions. */
const performanceEvidence = [
  'Summary prepared by Evident; not the official register text.',
  'The candidate must demonstrate the ability to complete the tasks outlined in the elements, performance criteria and foundation skills of this unit, including evidence of the ability to:',
  '  on at least two occasions, work safely at heights, including:',
  '    identifying hazards and assessing risks before starting work',
  '    selecting, fitting and inspecting a harness and lanyard',
  '    setting up and checking an elevating work platform',
  "    operating the platform within the manufacturer's limits",
  '  interpret work orders and site plans to plan the job',
  '  confirm access and egress points with the supervisor',
  '  test fall-arrest anchor points against the safety checklist',
  '  apply safe work practices, including:',
  '    isolation procedures',
  '    barricades and signage around the work area',
  '  complete a job safety analysis and permit to work',
  '  report incidents and near misses to the supervisor',
  '  clean up and store equipment at the end of the shift on 3 occasions',
].join('\n');
const unit = { unitCode: 'RIIWHS204E', title: 'Work safely at heights', performanceEvidence };
const items = parsePerformanceEvidence(performanceEvidence).items.map((item) => item.text);

function tasksFor(itemText: string) {
  return generateTasksOffline(unit).tasks.filter((task) =>
    task.performanceEvidenceMapping.includes(itemText),
  );
}

describe('offline task generator', () => {
  it('gives the same tasks and mapping for the same unit every time', async () => {
    const first = await createOfflineTaskGenerator().generate(unit);
    const second = await createOfflineTaskGenerator().generate({ ...unit });

    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('writes valid drafts a student can follow', () => {
    const { tasks } = generateTasksOffline(unit);

    expect(items).toHaveLength(12);
    // 8 for the four items needed on two occasions, 3 for the one needed on three, and one task for
    // "apply safe work practices", which lists two noun phrases a trainer would set as one job.
    expect(tasks).toHaveLength(17);
    for (const task of tasks) {
      expect(taskDraftSchema.parse(task)).toEqual(task);
      expect(task.title).toMatch(/^[A-Z]/);
      expect(task.title.split(' ').length).toBeLessThanOrEqual(14);
      expect(task.description).toMatch(/\byour? /i);
      expect(task.description).toMatch(/\b(?:photo\w*|record\w*|upload)\b/i);
      expect(task.tooltip.length).toBeGreaterThan(40);
      expect(task.evidenceTypes.length).toBeGreaterThan(0);
    }
    expect(new Set(tasks.map((task) => task.title)).size).toBe(tasks.length);
  });

  it('covers every Performance Evidence item with its exact text', () => {
    const { tasks } = generateTasksOffline(unit);

    for (const item of items) {
      expect(
        tasks.some((task) => task.performanceEvidenceMapping.includes(item)),
        item,
      ).toBe(true);
    }
    for (const task of tasks) expect(items).toEqual(expect.arrayContaining(task.performanceEvidenceMapping));
  });

  it('picks the phase from the verb', () => {
    const phaseOf = (item: string) => tasksFor(item)[0]?.phase;

    expect(phaseOf('identifying hazards and assessing risks before starting work')).toBe('Prepare');
    expect(phaseOf('interpret work orders and site plans to plan the job')).toBe('Prepare');
    expect(phaseOf('complete a job safety analysis and permit to work')).toBe('Prepare');
    expect(phaseOf('confirm access and egress points with the supervisor')).toBe('Check');
    expect(phaseOf('test fall-arrest anchor points against the safety checklist')).toBe('Check');
    expect(phaseOf("operating the platform within the manufacturer's limits")).toBe('Do');
    expect(phaseOf('isolation procedures')).toBe('Do');
    expect(phaseOf('report incidents and near misses to the supervisor')).toBe('Review/Communicate');
  });

  it('chooses evidence a student can capture', () => {
    const typesOf = (item: string) => tasksFor(item)[0]?.evidenceTypes;

    expect(typesOf("operating the platform within the manufacturer's limits")).toEqual(['photo']);
    expect(typesOf('complete a job safety analysis and permit to work')).toEqual(['document']);
    expect(typesOf('report incidents and near misses to the supervisor')).toEqual(['audio', 'document']);
    expect(typesOf('interpret work orders and site plans to plan the job')).toContain('pdf');
  });

  it('asks for a video where a task demonstrates a process, and says to film it', () => {
    const demonstrations = [
      'apply safe manual handling techniques when moving materials',
      'demonstrate the correct hand-washing procedure',
      'explain the isolation procedure to the supervisor',
    ].join('\n');
    const { tasks } = generateTasksOffline({ ...unit, performanceEvidence: demonstrations });

    expect(tasks.map((task) => task.evidenceTypes)).toEqual([['video'], ['video'], ['audio']]);
    expect(tasks[0]?.description).toContain(
      'Have someone film you as you apply safe manual handling techniques, and say what you do at each step as you go.',
    );
  });

  it('turns an item and its heading into an instruction', () => {
    const [harness] = tasksFor('selecting, fitting and inspecting a harness and lanyard');
    const [isolation] = tasksFor('isolation procedures');

    expect(harness?.title).toBe('Select, fit and inspect a harness and lanyard (occasion 1)');
    expect(harness?.description).toMatch(
      /^On the first of two occasions when you work safely at heights, select, fit and inspect a harness and lanyard\./,
    );
    expect(isolation?.title).toBe('Apply safe work practices');
    expect(isolation?.description).toMatch(
      /^Apply safe work practices, including isolation procedures and barricades and signage around the work area\./,
    );
    expect(isolation?.performanceEvidenceMapping).toEqual([
      'isolation procedures',
      'barricades and signage around the work area',
    ]);
  });

  it('writes one task per required occasion', () => {
    const occasionsOf = (item: string) => tasksFor(item).map((task) => task.occasion);

    expect(occasionsOf('setting up and checking an elevating work platform')).toEqual([1, 2]);
    expect(occasionsOf('clean up and store equipment at the end of the shift on 3 occasions')).toEqual([
      1, 2, 3,
    ]);
    expect(occasionsOf('report incidents and near misses to the supervisor')).toEqual([null]);
    expect(tasksFor('clean up and store equipment at the end of the shift on 3 occasions')[2]?.title).toBe(
      'Clean up and store equipment (occasion 3)',
    );
  });

  it('orders general tasks first, then each occasion, each by phase', () => {
    const { tasks } = generateTasksOffline(unit);
    const keys = tasks.map((task) => [task.occasion ?? 0, phases.indexOf(task.phase)] as const);

    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
    expect(tasks[0]?.occasion).toBeNull();
    expect(tasks.at(-1)?.occasion).toBe(3);
  });

  it('writes a mapping document listing the tasks under every item', () => {
    const { mappingDocument, tasks } = generateTasksOffline(unit);

    expect(mappingDocument.startsWith('# RIIWHS204E Work safely at heights\n')).toBe(true);
    expect(mappingDocument).toContain('> Summary prepared by Evident; not the official register text.');
    const sections = mappingDocument.split(/^#{3,4} /m).slice(1);
    expect(sections).toHaveLength(14);
    for (const item of items) {
      const section = sections.find((s) => s.split('\n')[0]?.endsWith(` ${item}`));
      expect(section, item).toBeDefined();
      expect(section).toMatch(/\n- \[(?:Prepare|Check|Do|Review\/Communicate)\] \S/);
    }
    for (const task of tasks) expect(mappingDocument).toContain(`] ${task.title}\n`);
    expect(mappingDocument).toContain(
      '### 2 interpret work orders and site plans to plan the job\n\n- [Prepare] Interpret work orders and site plans\n',
    );
  });

  it('refuses a unit without Performance Evidence', () => {
    expect(() => generateTasksOffline({ ...unit, performanceEvidence: '' })).toThrow(
      expect.objectContaining({ code: 'UNPROCESSABLE' }),
    );
  });
});

describe('offline task titles', () => {
  const sameWords = [
    'select personal protective equipment for cleaning:',
    '  gloves',
    '  aprons',
    'select personal protective equipment for handling sharps:',
    '  gloves',
    '  eye protection',
    'operate the forklift in the warehouse',
    'operate the forklift in the yard',
    'operate the forklift in the warehouse',
  ].join('\n');

  it('tells jobs that shorten alike apart in words, never with a number', () => {
    const { tasks } = generateTasksOffline({ ...unit, performanceEvidence: sameWords });
    const titles = tasks.map((task) => task.title);

    expect(titles).toEqual([
      'Select PPE for cleaning: gloves and aprons',
      'Select PPE for handling sharps: gloves and eye protection',
      'Operate the forklift in the warehouse',
      'Operate the forklift in the yard',
    ]);
    for (const title of titles) expect(title).not.toMatch(/\(\d+\)$/);
    const sentences = tasks.flatMap((task) => `${task.description} ${task.tooltip}`.split(/(?<=\.)\s+/));
    expect(new Set(sentences).size).toBe(sentences.length);
  });
});
