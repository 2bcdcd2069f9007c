import { generateTasksOffline } from '@evident/ai/offline-generator';
import { parsePerformanceEvidence } from '@evident/ai/performance-evidence';
import { endsDangling } from '@evident/ai/phrasing';
import { taskDraftSchema } from '@evident/core/curriculum';
import { catalogueUnits } from '@evident/register/catalogue';
import { describe, expect, it } from 'vitest';

/*
 * The offline generator on every bundled unit and on register-style texts it has never seen: task
 * text a trainer would sign off (no repeated sentences, no numbered or half-cut titles) that still
 * maps every Performance Evidence item. Lives here because the server is where the catalogue and
 * the generator meet.
 */

/** Register-style Performance Evidence written for these tests, in the shapes training.gov.au uses. */
const otherUnits = [
  {
    unitCode: 'TLILIC0003',
    title: 'Licence to operate a forklift truck',
    performanceEvidence: [
      'Evidence required to demonstrate competence in this unit must be relevant to and satisfy all of the requirements of the elements and performance criteria on at least one occasion and include:',
      '- accessing, interpreting and applying forklift operating documentation',
      '- conducting routine checks on the forklift before use',
      '- selecting the appropriate forklift for the load and work area',
      '- identifying and assessing hazards and implementing control measures',
      '- carrying out the following operational manoeuvres:',
      '  - travelling the forklift forward and in reverse',
      '  - lifting, carrying and placing loads',
      '  - stacking and de-stacking loads',
      '- reporting faults and damage to the supervisor',
      '- shutting down and securing the forklift',
      '- communicating effectively with others in the work area',
      '- completing workplace documentation, including logbooks and pre-start checklists',
    ].join('\n'),
  },
  {
    unitCode: 'CPCCWHS2001',
    title: 'Apply WHS requirements, policies and procedures in the construction industry',
    performanceEvidence: [
      'The candidate must demonstrate the ability to complete the tasks outlined in the elements, performance criteria and foundation skills of this unit, including evidence of the ability to:',
      'identify and follow WHS legislation, safe work procedures and instructions on at least two occasions',
      'identify, assess and report hazards in the work area, including:',
      '  manual handling',
      '  electrical hazards',
      '  working at heights',
      '  hazardous materials',
      'select, fit, use and maintain personal protective equipment',
      'participate in a toolbox talk and a WHS meeting',
      'respond to an emergency, including following evacuation procedures',
      'complete WHS documentation, including an incident report',
    ].join('\n'),
  },
  {
    unitCode: 'SIRXCEG001',
    title: 'Engage the customer',
    performanceEvidence: [
      'Evidence of the ability to:',
      '• use verbal and non-verbal communication techniques to engage customers',
      '• identify customer needs by asking questions and actively listening',
      '• provide information about products and services',
      '• respond to customer complaints and enquiries',
      '• demonstrate knowledge of the organisation’s products and services',
      '• maintain the presentation of the sales area',
    ].join('\n'),
  },
];

const units = [
  ...catalogueUnits.map((unit) => ({
    unitCode: unit.code,
    title: unit.title,
    performanceEvidence: unit.performanceEvidence,
  })),
  ...otherUnits,
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
        expect(sentence, sentence).toMatch(/^[A-Z].*[a-z)’'"]\.$/);
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
    const unit = otherUnits[1];
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
