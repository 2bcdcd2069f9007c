import type { RequirementItem } from '@evident/core/requirements';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicTaskGenerator } from '../src/anthropic-generator';
import { generateTasksOffline } from '../src/offline-generator';
import { type FakeAnthropic, startFakeAnthropic, toolUseReply } from './fake-anthropic';

const performanceEvidence = [
  'select and use personal protective equipment (PPE) for the job',
  'check the work area for hazards before starting',
  'report hazards to the supervisor',
].join('\n');

const requirements: RequirementItem[] = [
  { section: 'element', key: 'E 1', parentKey: null, text: 'Prepare for work' },
  { section: 'pc', key: 'PC 1.1', parentKey: 'E 1', text: 'Work area hazards are identified and reported' },
  {
    section: 'pc',
    key: 'PC 1.2',
    parentKey: 'E 1',
    text: 'Personal protective equipment is selected and fitted',
  },
  { section: 'element', key: 'E 2', parentKey: null, text: 'Operate the forklift' },
  { section: 'pc', key: 'PC 2.1', parentKey: 'E 2', text: 'Loads are lifted within rated capacity' },
  {
    section: 'pe',
    key: 'PE 1',
    parentKey: null,
    text: 'select and use personal protective equipment (PPE) for the job',
  },
  { section: 'pe', key: 'PE 2', parentKey: null, text: 'check the work area for hazards before starting' },
  { section: 'pe', key: 'PE 3', parentKey: null, text: 'report hazards to the supervisor' },
  { section: 'ke', key: 'KE 1', parentKey: null, text: 'types of workplace hazards, including:' },
  { section: 'ke', key: 'KE 1.1', parentKey: 'KE 1', text: 'moving vehicles' },
  { section: 'ke', key: 'KE 1.2', parentKey: 'KE 1', text: 'falling objects' },
  { section: 'ke', key: 'KE 2', parentKey: null, text: 'load chart information' },
  { section: 'ac', key: 'AC 1', parentKey: null, text: 'Skills must be shown in a workplace' },
];
const unit = {
  unitCode: 'TLILIC0003',
  title: 'Licence to operate a forklift truck',
  performanceEvidence,
  requirements,
};
const coverable = requirements
  .filter((item) => ['pc', 'pe', 'ke'].includes(item.section))
  .map((item) => item.key);

describe('the offline generator with keyed requirements', () => {
  it('maps every task to item keys and covers every PC, PE and KE item', () => {
    const { tasks } = generateTasksOffline(unit);
    expect(tasks.every((task) => task.requirementKeys.length > 0)).toBe(true);
    const named = new Set(tasks.flatMap((task) => task.requirementKeys));
    expect(coverable.filter((key) => !named.has(key))).toEqual([]);
    // Only keys the unit has, never an element.
    expect(
      [...named].every((key) => requirements.some((item) => item.key === key && item.section !== 'element')),
    ).toBe(true);
    // The PE tasks keep their PE texts, as their items word them.
    const ppe = tasks.find((task) => task.requirementKeys.includes('PE 1'));
    expect(ppe?.performanceEvidenceMapping).toEqual([
      'select and use personal protective equipment (PPE) for the job',
    ]);
    // The criterion about PPE joins the PPE task; the forklift criterion gets a task of its element.
    expect(ppe?.requirementKeys).toContain('PC 1.2');
    expect(tasks.find((task) => task.requirementKeys.includes('PC 2.1'))?.title).toBe(
      'Show how you operate the forklift',
    );
    expect(tasks.find((task) => task.requirementKeys.includes('KE 1.2'))).toMatchObject({
      phase: 'Review/Communicate',
      evidenceTypes: ['audio', 'document'],
    });
  });

  it('gives the same tasks for the same unit', () => {
    expect(generateTasksOffline(unit).tasks).toEqual(generateTasksOffline(unit).tasks);
  });
});

function keyedTask(title: string, keys: string[]) {
  return {
    title,
    description: `At work, ${title.toLowerCase()}. Take photos that show each step.`,
    phase: 'Do',
    tooltip: 'Clear photos of the whole job.',
    evidenceTypes: ['photo'],
    occasion: null,
    requirementKeys: keys,
  };
}

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('the Anthropic generator with keyed requirements', () => {
  it('gives the model the keyed items, refuses a key the unit lacks and stores none of it', async () => {
    fake = await startFakeAnthropic([
      toolUseReply({
        tasks: [
          keyedTask('Choose and wear your PPE', ['PE 1', 'PC 1.2', 'PC 9.9']),
          keyedTask('Check and report hazards', ['pe2', 'PE 3', 'PC 1.1']),
          keyedTask('Lift a load', ['PC 2.1', 'KE 7']),
          keyedTask('Explain hazards and load charts', ['KE 1', 'KE 1.1', 'KE 1.2', 'KE 2']),
        ],
      }),
    ]);
    const generator = createAnthropicTaskGenerator({ apiKey: 'test-key', baseUrl: fake.baseUrl });
    const result = await generator.generate(unit);

    const [request] = fake.requests;
    const prompt = String(request?.body.messages[0]?.content);
    expect(prompt).toContain('<requirements>');
    expect(prompt).toContain('  PC 1.1 Work area hazards are identified and reported');
    expect(prompt).toContain('    KE 1.2 falling objects');
    expect(request?.body.system).toContain('requirementKeys: the keys of the requirement items');
    const schema = request?.body.tools[0]?.input_schema as {
      properties: {
        tasks: { items: { properties: Record<string, { items?: { enum?: string[] } }>; required: string[] } };
      };
    };
    const fields = schema.properties.tasks.items;
    expect(fields.required).toContain('requirementKeys');
    expect(fields.properties.performanceEvidenceMapping).toBeUndefined();
    expect(fields.properties.requirementKeys?.items?.enum).toEqual(
      requirements.filter((item) => item.section !== 'element').map((item) => item.key),
    );

    expect(result.refusedKeys).toEqual(['PC 9.9', 'KE 7']);
    expect(result.tasks.map((task) => task.requirementKeys)).toEqual([
      ['PC 1.2', 'PE 1'],
      ['PC 1.1', 'PE 2', 'PE 3'],
      ['PC 2.1'],
      ['KE 1', 'KE 1.1', 'KE 1.2', 'KE 2'],
    ]);
    expect(result.tasks[1]?.performanceEvidenceMapping).toEqual([
      'check the work area for hazards before starting',
      'report hazards to the supervisor',
    ]);
  });

  it('asks once more for the criteria and knowledge no task names, and keeps the first answer if the second is worse', async () => {
    const covering = {
      tasks: [
        keyedTask('Choose and wear your PPE', ['PE 1']),
        keyedTask('Check and report hazards', ['PE 2', 'PE 3']),
      ],
    };
    fake = await startFakeAnthropic([
      toolUseReply(covering),
      toolUseReply({ tasks: [keyedTask('Nothing', ['PC 42'])] }),
    ]);
    const generator = createAnthropicTaskGenerator({ apiKey: 'test-key', baseUrl: fake.baseUrl });
    const result = await generator.generate(unit);
    expect(fake.requests).toHaveLength(2);
    const followUp = JSON.stringify(fake.requests[1]?.body.messages.at(-1)?.content);
    expect(followUp).toContain('No task names these items yet: PC 1.1');
    expect(followUp).toContain('KE 2 \\"load chart information\\"');
    expect(result.tasks.map((task) => task.title)).toEqual([
      'Choose and wear your PPE',
      'Check and report hazards',
    ]);
  });

  it('fails rather than store tasks that leave a PE item unnamed', async () => {
    const missing = { tasks: [keyedTask('Choose and wear your PPE', ['PE 1', 'PC 1.2'])] };
    fake = await startFakeAnthropic([toolUseReply(missing), toolUseReply(missing)]);
    const generator = createAnthropicTaskGenerator({ apiKey: 'test-key', baseUrl: fake.baseUrl });
    await expect(generator.generate(unit)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining(
        'No task names PE 2 "check the work area for hazards before starting"',
      ),
    });
  });
});
