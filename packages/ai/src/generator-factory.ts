import type { TaskGenerator } from '@evident/core/ports/task-generator';
import { createOfflineTaskGenerator } from './offline-generator';

/** What the server reads from ANTHROPIC_API_KEY, ANTHROPIC_MODEL and ANTHROPIC_BASE_URL. */
export type TaskGeneratorConfig = {
  anthropicApiKey?: string;
  anthropicModel?: string;
  anthropicBaseUrl?: string;
};

/**
 * The Anthropic adapter when a key is configured, otherwise the offline rules. The Anthropic SDK (about
 * 1 MB of code) is loaded on the first unit generated, not at start-up: memory at rest is a target.
 */
export function createTaskGenerator(config: TaskGeneratorConfig): TaskGenerator {
  const apiKey = config.anthropicApiKey?.trim();
  if (!apiKey) return createOfflineTaskGenerator();
  let anthropic: Promise<TaskGenerator> | undefined;
  return {
    async generate(input) {
      anthropic ??= import('./anthropic-generator').then(({ createAnthropicTaskGenerator }) =>
        createAnthropicTaskGenerator({
          apiKey,
          model: config.anthropicModel?.trim() || undefined,
          baseUrl: config.anthropicBaseUrl?.trim() || undefined,
        }),
      );
      return (await anthropic).generate(input);
    },
  };
}
