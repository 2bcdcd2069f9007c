import type { TaskDraft } from '@evident/core/curriculum';
import type { PerformanceEvidenceOutline } from './performance-evidence';

type MappingInput = { unitCode: string; title: string };

/**
 * The markdown an assessor audits: every Performance Evidence line in order, each item followed by
 * the tasks that evidence it. Built from the tasks themselves, never taken from a model, so it
 * cannot disagree with what students are actually asked to do.
 */
export function buildMappingDocument(
  unit: MappingInput,
  outline: PerformanceEvidenceOutline,
  tasks: TaskDraft[],
): string {
  const out: string[] = [`# ${unit.unitCode} ${unit.title}`.trim(), ''];
  for (const note of outline.preamble) out.push(`> ${note}`, '');
  out.push('## Performance Evidence mapped to tasks', '');

  for (const line of outline.lines) {
    const level = line.depth === 0 ? '###' : '####';
    out.push(`${level} ${line.number} ${line.text}`, '');
    if (line.kind === 'heading') continue;
    const covering = tasks.filter((task) => task.performanceEvidenceMapping.includes(line.text));
    if (covering.length === 0) {
      out.push('- _No task covers this item yet._', '');
      continue;
    }
    for (const task of covering) out.push(`- [${task.phase}] ${task.title}${occasionNote(task)}`);
    out.push('');
  }

  out.push(`${tasks.length} tasks cover ${outline.items.length} Performance Evidence items.`, '');
  return out.join('\n');
}

function occasionNote(task: TaskDraft): string {
  if (task.occasion === null || /occasion/i.test(task.title)) return '';
  return ` (occasion ${task.occasion})`;
}
