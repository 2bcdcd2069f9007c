import type { Services } from '@evident/api/context';
import { setUpUnitForStudent } from '@evident/api/services';
import { exampleUnits } from '@evident/core/example-units';
import { seedDemo } from '@evident/db/seed/demo';
import { seedDemoEvidence } from './demo-evidence';

/** Which example units each demo student has set up, so every screen has something real to show. */
const enrolmentPlan: Record<string, readonly string[]> = {
  'jordan@demo.evident.local': exampleUnits.map((unit) => unit.code),
  'mia@demo.evident.local': ['RIIWHS204E', 'SITXFSA005'],
  'tom@demo.evident.local': ['HLTINF006'],
};

/**
 * Demo people, then the three example units generated through the same path a student's unit setup
 * takes, and some evidence with two of it graded. Does nothing on a database that already has people.
 */
export async function seedDemoData(
  services: Pick<
    Services,
    'db' | 'passwords' | 'register' | 'taskGenerator' | 'storage' | 'jobs' | 'videoProcessing' | 'log'
  >,
) {
  const people = await seedDemo(services.db, services.passwords.hash);
  for (const person of people) {
    for (const code of enrolmentPlan[person.email] ?? []) {
      await setUpUnitForStudent(services, person.id, code);
    }
  }
  await seedDemoEvidence(services, people);
  return people;
}
