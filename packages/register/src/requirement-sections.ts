import type { RegisterUnit } from '@evident/core/curriculum';
import { elementsToItems, parseRequirementText } from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import { htmlToLines } from './html-text';

/**
 * The register's HTML for each section, read into keyed items through the same parser an admin's
 * pasted text goes through. Elements and criteria come from their own table reader (the register lays
 * them out in cells), then get their keys.
 */
export type SectionHtml = { pe?: string; ke?: string; ac?: string; fs?: string };

const CELL = /<t([dh])\b[^>]*>([\s\S]*?)<\/t\1>/gi;
const ROW = /<tr\b[^>]*>([\s\S]*?)<\/tr>/gi;
const TABLE = /<table\b[^>]*>[\s\S]*?<\/table>/gi;
const HEADER_CELLS = new Set(['skill', 'skills', 'description', 'performance criteria', 'foundation skills']);
// The older layout names the criteria a skill supports ("1.1, 2.3"): a cross-reference, not a requirement.
const CRITERIA_REFERENCE = /^[\d.,;\s&and-]+$/i;

/**
 * Foundation skills are a table of a skill beside what it involves. Each row becomes the skill as an
 * item with its description's lines nested under it; text outside the table (the section's framing)
 * stays in front.
 */
export function foundationSkillsText(html: string): string {
  const lines = htmlToLines(html.replace(TABLE, ' '));
  for (const [table] of html.matchAll(TABLE)) {
    for (const [, row = ''] of table.matchAll(ROW)) {
      const cells = [...row.matchAll(CELL)].map(([, , cell = '']) => htmlToLines(cell));
      const [skill = [], ...rest] = cells;
      const name = skill.join(' ').trim();
      if (!name || HEADER_CELLS.has(name.toLowerCase())) continue;
      lines.push(name);
      for (const cell of rest) {
        if (CRITERIA_REFERENCE.test(cell.join(' '))) continue;
        lines.push(...cell.map((line) => `  ${line}`));
      }
    }
  }
  return lines.join('\n');
}

function read(section: 'pe' | 'ke' | 'ac', html: string | undefined): RequirementItem[] {
  return html ? parseRequirementText(section, htmlToLines(html).join('\n')).items : [];
}

/** Every section the register's release holds, as items; sections it lacks are simply absent. */
export function requirementsOf(elements: RegisterUnit['elements'], html: SectionHtml): RequirementItem[] {
  return [
    ...elementsToItems(elements),
    ...read('pe', html.pe),
    ...read('ke', html.ke),
    ...read('ac', html.ac),
    ...(html.fs ? parseRequirementText('fs', foundationSkillsText(html.fs)).items : []),
  ];
}
