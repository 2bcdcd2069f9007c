import { randomInt } from 'node:crypto';
import { drawSample } from './audit-packs';

/**
 * A random sample spread across assessors: the students grouped by whose judgement stands, each group
 * shuffled, then one from each group in turn (groups in random order) until the sample is full. So a
 * sample of four from two assessors' students takes two of each where it can, never four of one.
 */
export function drawAcrossAssessors(
  leadAssessor: ReadonlyMap<string, string | null>,
  size: number,
  random = randomInt,
): string[] {
  if (size > leadAssessor.size) throw new Error('sample larger than the students it is drawn from');
  const groups = new Map<string, string[]>();
  for (const [studentId, assessorId] of leadAssessor) {
    const key = assessorId ?? '';
    groups.set(key, [...(groups.get(key) ?? []), studentId]);
  }
  const queues = drawSample(
    [...groups.values()].map((students) => drawSample(students, students.length, random)),
    groups.size,
    random,
  );
  const sample: string[] = [];
  while (sample.length < size) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next !== undefined && sample.length < size) sample.push(next);
    }
  }
  return sample;
}
