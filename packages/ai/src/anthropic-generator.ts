import { Anthropic, APIConnectionError, APIError } from '@anthropic-ai/sdk';
import type { Message, MessageParam, ToolUseBlock } from '@anthropic-ai/sdk/resources/messages';
import { AppError } from '@evident/core/errors';
import type { GeneratedTasks, GenerationInput, TaskGenerator } from '@evident/core/ports/task-generator';
import type { RequirementItem } from '@evident/core/requirements';
import { checkGeneratedTasks, type TaskCheck } from './generated-task-check';
import { buildMappingDocument } from './mapping-document';
import { type PerformanceEvidenceOutline, parsePerformanceEvidence } from './performance-evidence';
import { RECORD_TASKS_TOOL, recordTasksInputSchema, taskSystemPrompt, taskUserPrompt } from './task-prompt';

/** The model used when ANTHROPIC_MODEL is not set. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';
/** Room for ~40 tasks with full descriptions; under the SDK's limit for non-streaming requests. */
export const DEFAULT_MAX_TOKENS = 16_000;
/** Transport retries by the SDK (429, 5xx, 529, network). Kept low: an admin is waiting on the page. */
export const DEFAULT_SDK_RETRIES = 1;

export type AnthropicTaskGeneratorConfig = {
  apiKey: string;
  model?: string;
  /** e.g. a proxy or a local test server; the SDK's default is https://api.anthropic.com. */
  baseUrl?: string;
  maxRetries?: number;
  maxTokens?: number;
  /** Per-request timeout in milliseconds; the SDK's default is 10 minutes. */
  timeoutMs?: number;
};

/**
 * Task generation through the Anthropic Messages API. The model must answer by calling
 * record_tasks; an answer that is invalid or leaves an item uncovered gets one correction round,
 * then the generation fails as UPSTREAM_FAILED rather than saving half a unit.
 */
export function createAnthropicTaskGenerator(config: AnthropicTaskGeneratorConfig): TaskGenerator {
  const client = new Anthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    maxRetries: config.maxRetries ?? DEFAULT_SDK_RETRIES,
    timeout: config.timeoutMs,
  });
  const model = config.model ?? DEFAULT_ANTHROPIC_MODEL;
  const maxTokens = config.maxTokens ?? DEFAULT_MAX_TOKENS;

  async function ask(
    outline: PerformanceEvidenceOutline,
    requirements: RequirementItem[] | undefined,
    messages: MessageParam[],
  ): Promise<Message> {
    try {
      return await client.messages.create({
        model,
        max_tokens: maxTokens,
        system: taskSystemPrompt(Boolean(requirements?.length)),
        tools: [
          {
            name: RECORD_TASKS_TOOL,
            description: 'Record the workplace tasks generated from the Performance Evidence.',
            input_schema: recordTasksInputSchema(outline, requirements),
          },
        ],
        tool_choice: { type: 'tool', name: RECORD_TASKS_TOOL },
        messages,
      });
    } catch (error) {
      throw upstreamFailure(error);
    }
  }

  return {
    async generate(input: GenerationInput): Promise<GeneratedTasks> {
      const outline = parsePerformanceEvidence(input.performanceEvidence);
      if (outline.items.length === 0) {
        throw new AppError(
          'UNPROCESSABLE',
          `Unit ${input.unitCode} has no Performance Evidence to generate tasks from`,
        );
      }

      const { requirements } = input;
      const messages: MessageParam[] = [{ role: 'user', content: taskUserPrompt(input, outline) }];
      let problems: string[] = [];
      // An answer that covers the PE but leaves criteria or knowledge out: kept if the next is no better.
      let usable: Extract<TaskCheck, { ok: true }> | null = null;
      const accept = (checked: Extract<TaskCheck, { ok: true }>): GeneratedTasks => ({
        tasks: checked.tasks,
        mappingDocument: buildMappingDocument(input, outline, checked.tasks),
        generator: `Anthropic ${model}`,
        ...(checked.refusedKeys.length > 0 ? { refusedKeys: checked.refusedKeys } : {}),
      });
      for (let attempt = 1; attempt <= 2; attempt++) {
        const reply = await ask(outline, requirements, messages);
        const call = reply.content.find(
          (block): block is ToolUseBlock => block.type === 'tool_use' && block.name === RECORD_TASKS_TOOL,
        );
        problems = call ? [] : [`The answer did not call ${RECORD_TASKS_TOOL}.`];
        if (reply.stop_reason === 'max_tokens') {
          problems.push(
            'The answer was cut off at the output limit: keep descriptions and tooltips shorter.',
          );
        }
        if (call && problems.length === 0) {
          const checked = checkGeneratedTasks(call.input, outline, requirements);
          if (checked.ok && (checked.gaps.length === 0 || attempt === 2)) return accept(checked);
          if (checked.ok) {
            usable = checked;
            problems = [
              `No task names these items yet: ${checked.gaps.map((item) => `${item.key} "${item.text}"`).join('; ')}. Add them to the tasks that evidence them, or add tasks for them.`,
            ];
          } else problems = checked.problems;
        }
        messages.push(...correction(reply, call, problems));
      }
      if (usable) return accept(usable);
      throw new AppError(
        'UPSTREAM_FAILED',
        `The AI returned tasks that could not be used: ${problems.join(' ')}`,
      );
    },
  };
}

/**
 * The follow-up turn after a rejected answer. A tool call is answered with an error tool_result,
 * which is how the Messages API expects a failed call to be reported back to the model.
 */
function correction(reply: Message, call: ToolUseBlock | undefined, problems: string[]): MessageParam[] {
  const instruction = `These tasks cannot be used yet:\n- ${problems.join('\n- ')}\nFix every problem and call ${RECORD_TASKS_TOOL} again with the complete list of tasks.`;
  if (call) {
    return [
      { role: 'assistant', content: [call] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: call.id, is_error: true, content: instruction }],
      },
    ];
  }
  const said = reply.content.filter((block) => block.type === 'text' && block.text.trim() !== '');
  if (said.length === 0) return [{ role: 'user', content: instruction }];
  return [
    { role: 'assistant', content: said },
    { role: 'user', content: instruction },
  ];
}

function upstreamFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason = (() => {
    if (error instanceof APIConnectionError) return 'the AI service could not be reached';
    if (!(error instanceof APIError)) return 'the AI request failed';
    if (error.status === 529) return 'the AI service is overloaded; try again in a few minutes';
    if (error.status === 429) return 'the AI service rate limit was reached; try again in a few minutes';
    if (error.status === 401 || error.status === 403) return 'the AI service rejected the API key';
    return `the AI service answered with status ${error.status ?? 'unknown'}`;
  })();
  return new AppError('UPSTREAM_FAILED', `Task generation failed: ${reason}`, { cause: error });
}
