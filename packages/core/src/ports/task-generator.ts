import type { TaskDraft } from '../curriculum';
import type { RequirementItem } from '../requirements';

export type GenerationInput = {
  unitCode: string;
  title: string;
  performanceEvidence: string;
  /**
   * The unit's current requirement items, keyed (`PC 1.1`, `PE 2`, `KE 3.2`): when given, every task
   * names the keys it evidences and the set aims to cover every PC, PE and KE item.
   */
  requirements?: RequirementItem[];
};

export type GeneratedTasks = {
  tasks: TaskDraft[];
  /** Markdown: each Performance Evidence item followed by the tasks that evidence it. */
  mappingDocument: string;
  /** Which generator wrote them ('offline rules', or the Anthropic model), for the audit trail. */
  generator: string;
  /** Keys a model named that the unit does not have: dropped from the tasks, kept here for the audit trail. */
  refusedKeys?: string[];
};

/** Turns a unit's Performance Evidence into workplace tasks. Adapters: Anthropic, offline rules. */
export type TaskGenerator = {
  generate(input: GenerationInput): Promise<GeneratedTasks>;
};
