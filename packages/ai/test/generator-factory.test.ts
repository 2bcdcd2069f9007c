import { afterEach, describe, expect, it } from 'vitest';
import { createTaskGenerator } from '../src/generator-factory';
import { generateTasksOffline } from '../src/offline-generator';
import { type FakeAnthropic, startFakeAnthropic, toolUseReply } from './fake-anthropic';

const performanceEvidence = 'select and use PPE\nreport hazards to the supervisor';
const unit = {
  unitCode: 'CPCWHS1001',
  title: 'Prepare to work safely in the construction industry',
  performanceEvidence,
};
const answer = {
  tasks: [
    {
      title: 'Choose and wear your PPE',
      description:
        'Before work, choose the PPE the job needs and put it on. Take a photo of yourself wearing it.',
      phase: 'Prepare',
      tooltip: 'A clear photo showing every item of PPE, fitted properly.',
      evidenceTypes: ['photo'],
      occasion: null,
      performanceEvidenceMapping: ['select and use PPE'],
    },
    {
      title: 'Report a hazard',
      description: 'Tell your supervisor about a hazard you found and record what you said.',
      phase: 'Review/Communicate',
      tooltip: 'The hazard, where it is, and who you told.',
      evidenceTypes: ['audio'],
      occasion: null,
      performanceEvidenceMapping: ['report hazards to the supervisor'],
    },
  ],
};

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('choosing a task generator', () => {
  it('uses the offline rules when no API key is configured', async () => {
    const offline = generateTasksOffline(unit);

    expect(await createTaskGenerator({}).generate(unit)).toEqual(offline);
    expect(await createTaskGenerator({ anthropicApiKey: '  ', anthropicModel: 'x' }).generate(unit)).toEqual(
      offline,
    );
  });

  it('uses Anthropic with the configured model and base URL when a key is set', async () => {
    fake = await startFakeAnthropic([toolUseReply(answer)]);
    const generator = createTaskGenerator({
      anthropicApiKey: 'sk-ant-test',
      anthropicModel: 'claude-opus-test',
      anthropicBaseUrl: fake.baseUrl,
    });

    const result = await generator.generate(unit);

    expect(result.tasks.map((task) => task.title)).toEqual(['Choose and wear your PPE', 'Report a hazard']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.model).toBe('claude-opus-test');
  });
});
