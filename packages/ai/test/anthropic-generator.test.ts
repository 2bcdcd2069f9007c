import { taskDraftSchema } from '@evident/core/curriculum';
import { AppError } from '@evident/core/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnthropicTaskGenerator, DEFAULT_ANTHROPIC_MODEL } from '../src/anthropic-generator';
import {
  errorReply,
  type FakeAnthropic,
  type FakeReply,
  startFakeAnthropic,
  toolUseId,
  toolUseReply,
} from './fake-anthropic';

const performanceEvidence = [
  'Summary prepared by Evident; not the official register text.',
  '  select and use personal protective equipment (PPE) for the job',
  '  apply safe work practices, including:',
  '    isolation procedures',
  '    barricades and signage around the work area',
  '  conduct a pre-start check of the forklift on at least two occasions',
  '  report hazards to the supervisor',
].join('\n');
const unit = { unitCode: 'TLILIC0003', title: 'Licence to operate a forklift truck', performanceEvidence };

const ppe = 'select and use personal protective equipment (PPE) for the job';
const isolation = 'isolation procedures';
const barricades = 'barricades and signage around the work area';
const preStart = 'conduct a pre-start check of the forklift on at least two occasions';
const report = 'report hazards to the supervisor';

function task(title: string, phase: string, mapping: string[], occasion: number | null = null) {
  return {
    title,
    description: `At work, ${title.toLowerCase()}. Take photos that show each step.`,
    phase,
    tooltip: 'Clear photos of the whole job, dated.',
    evidenceTypes: ['photo'],
    occasion,
    performanceEvidenceMapping: mapping,
  };
}

const goodAnswer = {
  tasks: [
    task('Choose and wear your PPE', 'Prepare', [ppe]),
    task('Isolate and barricade the work area', 'Do', [isolation, barricades]),
    // Quoted with different spacing, capitals and a full stop: accepted and stored as the exact text.
    task('Report a hazard to your supervisor', 'Review/Communicate', ['Report  hazards to the supervisor.']),
    task('Do a forklift pre-start check', 'Check', [preStart], 1),
    task(
      'Do a second forklift pre-start check',
      'Check',
      ['3 conduct a pre-start check of the forklift on at least two occasions'],
      2,
    ),
  ],
};

type ToolResult = { type: string; tool_use_id: string; is_error: boolean; content: string };

function toolResults(message: { content: unknown } | undefined): ToolResult[] {
  return Array.isArray(message?.content) ? (message.content as ToolResult[]) : [];
}

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  vi.restoreAllMocks();
});

async function generatorAnswering(replies: FakeReply[], options: { maxRetries?: number } = {}) {
  fake = await startFakeAnthropic(replies);
  return createAnthropicTaskGenerator({
    apiKey: 'test-key',
    model: 'claude-test-model',
    baseUrl: fake.baseUrl,
    maxRetries: options.maxRetries ?? 0,
  });
}

describe('Anthropic task generator', () => {
  it('sends the Performance Evidence with a forced record_tasks call and returns validated tasks', async () => {
    const generator = await generatorAnswering([toolUseReply(goodAnswer)]);

    const result = await generator.generate(unit);

    expect(fake?.requests).toHaveLength(1);
    const [request] = fake?.requests ?? [];
    expect(request?.path).toBe('/v1/messages');
    // SDK 1.x sends the API key as a bearer token rather than the older x-api-key header.
    expect(request?.headers['x-api-key'] ?? request?.headers.authorization).toMatch(/^(?:Bearer )?test-key$/);
    expect(request?.headers['anthropic-version']).toBeTruthy();
    expect(request?.body.model).toBe('claude-test-model');
    expect(request?.body.tool_choice).toEqual({ type: 'tool', name: 'record_tasks' });
    expect(request?.body.tools.map((tool) => tool.name)).toEqual(['record_tasks']);
    expect(request?.body.system).toMatch(/plain English/);
    expect(request?.body.messages).toHaveLength(1);
    const prompt = String(request?.body.messages[0]?.content);
    expect(prompt).toContain('TLILIC0003 Licence to operate a forklift truck');
    expect(prompt).toContain(performanceEvidence.trim());
    expect(prompt).toContain(`\n3 ${preStart} [required on 2 occasions]\n`);
    const schema = JSON.stringify(request?.body.tools[0]?.input_schema);
    expect(schema).toContain(JSON.stringify([ppe, isolation, barricades, preStart, report]));

    expect(result.tasks).toHaveLength(5);
    for (const drafted of result.tasks) expect(taskDraftSchema.parse(drafted)).toEqual(drafted);
    expect(result.tasks[2]?.performanceEvidenceMapping).toEqual([report]);
    expect(result.tasks[4]).toMatchObject({ occasion: 2, performanceEvidenceMapping: [preStart] });
    expect(result.mappingDocument).toContain('# TLILIC0003 Licence to operate a forklift truck');
    expect(result.mappingDocument).toContain(
      `### 3 ${preStart}\n\n- [Check] Do a forklift pre-start check (occasion 1)`,
    );
    expect(result.mappingDocument).toContain(
      `#### 2.2 ${barricades}\n\n- [Do] Isolate and barricade the work area`,
    );
    expect(result.mappingDocument).not.toContain('No task covers');
  });

  it('offers video among the evidence types and accepts a task that asks for it', async () => {
    const answer = {
      tasks: goodAnswer.tasks.map((t, i) => (i === 1 ? { ...t, evidenceTypes: ['video'] } : t)),
    };
    const generator = await generatorAnswering([toolUseReply(answer)]);

    const result = await generator.generate(unit);

    expect(fake?.requests).toHaveLength(1);
    const schema = JSON.stringify(fake?.requests[0]?.body.tools[0]?.input_schema);
    expect(schema).toContain('["photo","audio","pdf","document","video"]');
    expect(fake?.requests[0]?.body.system).toMatch(/video for a process or technique/);
    expect(result.tasks[1]?.evidenceTypes).toEqual(['video']);
  });

  it('uses claude-sonnet-4-5 when no model is configured', async () => {
    // The SDK warns that this model has an end-of-life date; that warning is not under test.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake = await startFakeAnthropic([toolUseReply(goodAnswer)]);
    const generator = createAnthropicTaskGenerator({
      apiKey: 'test-key',
      baseUrl: fake.baseUrl,
      maxRetries: 0,
    });

    await generator.generate(unit);

    expect(DEFAULT_ANTHROPIC_MODEL).toBe('claude-sonnet-4-5');
    expect(fake.requests[0]?.body.model).toBe('claude-sonnet-4-5');
  });

  it('sends a correction after a malformed answer and accepts the second one', async () => {
    const malformed = {
      tasks: [
        { ...task('Choose and wear your PPE', 'Doing', [ppe]) },
        task('Do a forklift pre-start check', 'Check', [preStart], 1),
        task('Report a hazard', 'Review/Communicate', [report, 'drive the forklift']),
      ],
    };
    const first = toolUseReply(malformed);
    const generator = await generatorAnswering([first, toolUseReply(goodAnswer)]);

    const result = await generator.generate(unit);

    expect(result.tasks.map((t) => t.title)).toEqual(goodAnswer.tasks.map((t) => t.title));
    expect(fake?.requests).toHaveLength(2);
    const retry = fake?.requests[1]?.body.messages ?? [];
    expect(retry).toHaveLength(3);
    expect(retry[0]).toEqual(fake?.requests[0]?.body.messages[0]);
    expect(retry[1]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'tool_use', id: toolUseId(first), name: 'record_tasks', input: malformed }],
    });
    const [result1] = toolResults(retry[2]);
    expect(result1).toMatchObject({ type: 'tool_result', tool_use_id: toolUseId(first), is_error: true });
    expect(result1?.content).toMatch(/tasks\.0\.phase: Phase must be one of/);
  });

  it('names uncovered items, unknown mappings and missing occasions in the correction', async () => {
    const incomplete = {
      tasks: [
        task('Choose and wear your PPE', 'Prepare', [ppe]),
        task('Do a forklift pre-start check', 'Check', [preStart], 1),
        task('Report a hazard', 'Review/Communicate', [report, 'drive the forklift']),
      ],
    };
    const generator = await generatorAnswering([toolUseReply(incomplete), toolUseReply(goodAnswer)]);

    await generator.generate(unit);

    const retry = fake?.requests[1]?.body.messages ?? [];
    const [correction] = toolResults(retry[2]);
    expect(correction?.content).toContain(`No task covers item 2.1 "${isolation}"`);
    expect(correction?.content).toContain(`No task covers item 2.2 "${barricades}"`);
    expect(correction?.content).toContain('maps "drive the forklift", which is not one of the numbered');
    expect(correction?.content).toContain('must be shown on 2 occasions, but no task for it has occasion 2');
  });

  it('fails with UPSTREAM_FAILED when the answer is still malformed after the correction', async () => {
    const uncovered = { tasks: [task('Choose and wear your PPE', 'Prepare', [ppe])] };
    const generator = await generatorAnswering([toolUseReply(uncovered), toolUseReply({ tasks: [] })]);

    const failure = await generator.generate(unit).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect((failure as AppError).message).toMatch(/could not be used: tasks: Give at least one task/);
    expect(fake?.requests).toHaveLength(2);
  });

  it('turns a 529 overloaded_error into UPSTREAM_FAILED', async () => {
    const generator = await generatorAnswering([errorReply(529, 'overloaded_error', 'Overloaded')]);

    const failure = await generator.generate(unit).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/overloaded/) });
    expect((failure as AppError).cause).toMatchObject({ status: 529 });
    expect(fake?.requests).toHaveLength(1);
  });

  it('lets the SDK retry an overloaded answer when retries are configured', async () => {
    const overloaded = errorReply(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '1' });
    const generator = await generatorAnswering([overloaded, toolUseReply(goodAnswer)], { maxRetries: 1 });

    const result = await generator.generate(unit);

    expect(result.tasks).toHaveLength(5);
    expect(fake?.requests).toHaveLength(2);
  });

  it('reports a rejected API key as UPSTREAM_FAILED', async () => {
    const generator = await generatorAnswering([
      errorReply(401, 'authentication_error', 'invalid x-api-key'),
    ]);

    await expect(generator.generate(unit)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/rejected the API key/),
    });
  });

  it('refuses a unit without Performance Evidence before calling the API', async () => {
    const generator = await generatorAnswering([]);

    await expect(generator.generate({ ...unit, performanceEvidence: '  \n' })).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
    });
    expect(fake?.requests).toHaveLength(0);
  });
});
