import type { Phase } from './curriculum';
import { type RequirementSection, requirementSectionTitles } from './requirements';

export type CoverageItem = {
  id: string;
  key: string;
  section: RequirementSection;
  parentKey: string | null;
  text: string;
  /** Counted in coverage (PC, PE, KE); elements, conditions and foundation skills are there for reference. */
  coverable: boolean;
  /** The tasks that map this item, in the tasks' order. */
  taskIds: string[];
};

export type CoverageTask = {
  id: string;
  title: string;
  phase: Phase;
  occasion: number | null;
  /** Items this task still maps from an older release: they count for nothing in the current one. */
  olderReleaseItems: { key: string; release: string }[];
};

/** A unit's current requirements down, its live tasks across, and which task maps which item. */
export type UnitCoverage = {
  unit: { id: string; unitCode: string; title: string; release: string | null };
  items: CoverageItem[];
  tasks: CoverageTask[];
  /** Keys of the coverable items no task maps. */
  uncovered: string[];
  counts: { coverable: number; covered: number; uncovered: number; tasks: number };
};

/** '42 of 45 requirements covered': the screen's heading and the unit list's warning say it the same way. */
export function coverageSummary(counts: Pick<UnitCoverage['counts'], 'coverable' | 'covered'>): string {
  return `${counts.covered} of ${counts.coverable} ${counts.coverable === 1 ? 'requirement' : 'requirements'} covered`;
}

function taskLabel(task: CoverageTask): string {
  const occasion =
    task.occasion !== null && !/occasion/i.test(task.title) ? ` (occasion ${task.occasion})` : '';
  return `[${task.phase}] ${task.title}${occasion}`;
}

/**
 * The View Mapping text: each section in the register's order, each item followed by the tasks that
 * evidence it. Built from the coverage, the same data as the screen and the CSV, so none can disagree.
 */
export function coverageMappingDocument(coverage: UnitCoverage): string {
  const { unit } = coverage;
  const tasks = new Map(coverage.tasks.map((task) => [task.id, task]));
  const release = unit.release ? ` (release ${unit.release})` : '';
  const out = [`# ${unit.unitCode} ${unit.title}`.trim(), '', `Requirements${release} mapped to tasks.`, ''];
  out.push(`${coverageSummary(coverage.counts)} by ${coverage.counts.tasks} tasks.`, '');
  if (coverage.uncovered.length > 0) out.push(`Not covered yet: ${coverage.uncovered.join(', ')}.`, '');
  let section: RequirementSection | null = null;
  for (const item of coverage.items) {
    if (item.section !== section) {
      section = item.section;
      const note = item.coverable ? '' : ' (for reference)';
      out.push(`## ${requirementSectionTitles[section]}${note}`, '');
    }
    out.push(`${item.parentKey ? '####' : '###'} ${item.key} ${item.text}`, '');
    if (!item.coverable) continue;
    if (item.taskIds.length === 0) {
      out.push('- _No task covers this item yet._', '');
      continue;
    }
    for (const id of item.taskIds) {
      const task = tasks.get(id);
      if (task) out.push(`- ${taskLabel(task)}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** The CSV's rows: one an item, a column a task, 'X' where the task maps it; the header first. */
export function coverageCsvRows(coverage: UnitCoverage): string[][] {
  const header = [
    'Section',
    'Key',
    'Requirement',
    'Counted',
    'Tasks covering',
    ...coverage.tasks.map(taskLabel),
  ];
  const rows = coverage.items.map((item) => [
    requirementSectionTitles[item.section],
    item.key,
    item.text,
    item.coverable ? 'Yes' : 'No',
    item.coverable ? String(item.taskIds.length) : '',
    ...coverage.tasks.map((task) => (item.taskIds.includes(task.id) ? 'X' : '')),
  ]);
  return [header, ...rows];
}
