import { generateTasksOffline } from '@evident/ai/offline-generator';
import { parsePerformanceEvidence } from '@evident/ai/performance-evidence';
import { endsDangling } from '@evident/ai/phrasing';
import { taskDraftSchema } from '@evident/core/curriculum';
import { catalogueUnits } from '@evident/register/catalogue';
import { describe, expect, it } from 'vitest';
import { registerStyleUnits } from './register-style-units';

/*
 * The offline generator on every bundled unit and on register-style texts it has never seen: task
 * text a trainer would sign off (no repeated sentences, no numbered or half-cut titles) that still
 * maps every Performance Evidence item. Lives here because the server is where the catalogue and
 * the generator meet.
 */

const units = [
  ...catalogueUnits.map((unit) => ({
    unitCode: unit.code,
    title: unit.title,
    performanceEvidence: unit.performanceEvidence,
  })),
  ...registerStyleUnits,
];

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean);
}

describe.each(units)('offline tasks for $unitCode', (unit) => {
  const { tasks } = generateTasksOffline(unit);
  const items = parsePerformanceEvidence(unit.performanceEvidence).items.map((item) => item.text);

  it('maps every Performance Evidence item to a task', () => {
    for (const item of items) {
      expect(
        tasks.some((task) => task.performanceEvidenceMapping.includes(item)),
        item,
      ).toBe(true);
    }
    for (const task of tasks) {
      expect(taskDraftSchema.parse(task)).toEqual(task);
      expect(items).toEqual(expect.arrayContaining(task.performanceEvidenceMapping));
    }
  });

  it('gives every task its own short title that is neither numbered nor cut', () => {
    const titles = tasks.map((task) => task.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) {
      expect(title, title).not.toMatch(/\(\s*\d+\s*\)$/);
      const job = title.replace(/ \(occasion \d+\)$/, '');
      expect(job, title).toMatch(/^[A-Z][^…]*[A-Za-z)]$/);
      expect(endsDangling(job), title).toBe(false);
      expect(job.split(' ').length, title).toBeLessThanOrEqual(12);
    }
  });

  it('writes a description of one to three sentences and a one- or two-sentence tooltip, all whole', () => {
    for (const task of tasks) {
      const description = sentences(task.description);
      const tooltip = sentences(task.tooltip);
      expect(description.length, task.description).toBeGreaterThanOrEqual(1);
      expect(description.length, task.description).toBeLessThanOrEqual(3);
      expect(tooltip.length, task.tooltip).toBeGreaterThanOrEqual(1);
      expect(tooltip.length, task.tooltip).toBeLessThanOrEqual(2);
      for (const sentence of [...description, ...tooltip]) {
        // A sentence may end on the job's own acronym ("... dispose of PPE.").
        expect(sentence, sentence).toMatch(/^[A-Z].*[A-Za-z)’'"]\.$/);
        expect(sentence, sentence).not.toContain('…');
        expect(endsDangling(sentence), sentence).toBe(false);
      }
    }
  });

  it('never repeats a sentence from one task in another', () => {
    const seen = new Map<string, string>();
    for (const task of tasks) {
      for (const sentence of [...sentences(task.description), ...sentences(task.tooltip)]) {
        expect(seen.get(sentence), `"${sentence}" in "${task.title}"`).toBeUndefined();
        seen.set(sentence, task.title);
      }
    }
    for (const task of tasks) {
      expect(task.description).not.toMatch(/Evidence to capture|This is part of/);
      expect(task.tooltip).not.toMatch(/Your assessor checks it against/);
    }
  });
});

describe('offline tasks for register text', () => {
  it('sets a heading and its list of nouns as one job that maps each noun', () => {
    const unit = registerStyleUnits[1];
    if (!unit) throw new Error('missing unit');
    const hazards = generateTasksOffline(unit).tasks.filter((task) =>
      task.performanceEvidenceMapping.includes('manual handling'),
    );

    expect(hazards.map((task) => task.title)).toEqual(['Identify, assess and report hazards']);
    expect(hazards[0]?.performanceEvidenceMapping).toEqual([
      'manual handling',
      'electrical hazards',
      'working at heights',
      'hazardous materials',
    ]);
    expect(hazards[0]?.description).toMatch(
      /^Identify, assess and report hazards in the work area, including manual handling, electrical hazards, working at heights and hazardous materials\./,
    );
  });
});

/*
 * Issue 28: offline tasks read like a template ("Photograph your set-up after locating and explaining
 * ...", "... happens before the work starts and suits this particular job"). What the generator
 * writes around the register's own words must read as a trainer writes to a student.
 */
describe.each(units)('offline task wording for $unitCode', (unit) => {
  const { tasks } = generateTasksOffline(unit);
  /** The sentences the generator writes itself: all but the first (the Performance Evidence's own). */
  const written = tasks.flatMap((task) => [
    ...sentences(task.description).slice(1),
    ...sentences(task.tooltip),
  ]);

  it('has none of the seams of a template', () => {
    for (const sentence of written) {
      expect(sentence, sentence).not.toMatch(/this particular job|suits this|set-up after/i);
      // Gerund chains ("finding, reading and following") and "after <doing>" clauses.
      expect(sentence, sentence).not.toMatch(/\b[a-z]{3,}ing(?:,| and| or) [a-z]{3,}ing\b/i);
      expect(sentence, sentence).not.toMatch(/\b(?:after|you) [a-z]{3,}ing\b/i);
      expect(sentence, sentence).not.toMatch(/\ban [b-df-hj-np-tv-z]|\ba [aeio]/i);
      expect(sentence, sentence).toMatch(/^[A-Z]/);
    }
    for (const task of tasks) {
      const text = `${task.title}. ${task.description} ${task.tooltip}`;
      expect(text, text).not.toMatch(/\b(\w+) \1\b/i);
    }
  });

  it('titles each task as an instruction and says what evidence to capture', () => {
    for (const task of tasks) {
      const verb = task.title.split(/[\s,]/)[0] ?? '';
      expect(verb, task.title).not.toMatch(/(?:ing|ed)$|^(?:The|A|An|Your|This|Evidence|Ability|Knowledge)$/);
      expect(sentences(task.description)[0]?.toLowerCase(), task.title).toMatch(
        new RegExp(`\\b${verb.toLowerCase()}\\b`),
      );
      const capture = sentences(task.description)[1] ?? '';
      expect(capture, task.title).toMatch(/^(?:Take|Photograph|Ask|Have|Record|Upload|During)\b/);
    }
  });
});
