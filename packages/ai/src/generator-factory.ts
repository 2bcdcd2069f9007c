import type { TaskGenerator } from '@evident/core/ports/task-generator';
import { createAnthropicTaskGenerator } from './anthropic-generator';
import { createOfflineTaskGenerator } from './offline-generator';

/** What the server reads from ANTHROPIC_API_KEY, ANTHROPIC_MODEL and ANTHROPIC_BASE_URL. */
export type TaskGeneratorConfig = {
  anthropicApiKey?: string;
  anthropicModel?: string;
  anthropicBaseUrl?: string;
};

/** The Anthropic adapter when a key is configured, otherwise the offline rules. */
export function createTaskGenerator(config: TaskGeneratorConfig): TaskGenerator {
  const apiKey = config.anthropicApiKey?.trim();
  if (!apiKey) return createOfflineTaskGenerator();
  return createAnthropicTaskGenerator({
    apiKey,
    model: config.anthropicModel?.trim() || undefined,
    baseUrl: config.anthropicBaseUrl?.trim() || undefined,
  });
}
