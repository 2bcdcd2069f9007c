import type { TaskDraft } from '../curriculum';

export type GenerationInput = {
  unitCode: string;
  title: string;
  performanceEvidence: string;
};

export type GeneratedTasks = {
  tasks: TaskDraft[];
  /** Markdown: each Performance Evidence item followed by the tasks that evidence it. */
  mappingDocument: string;
  /** Which generator wrote them ('offline rules', or the Anthropic model), for the audit trail. */
  generator: string;
};

/** Turns a unit's Performance Evidence into workplace tasks. Adapters: Anthropic, offline rules. */
export type TaskGenerator = {
  generate(input: GenerationInput): Promise<GeneratedTasks>;
};
