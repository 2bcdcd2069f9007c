import { seedCompletedCohort } from './audit-pack-seed';

/**
 * A fresh unit of two tasks with one student who completed it: a photo for each task, both judged
 * satisfactory by the seed's assessor (Riley Reviewer). What validation and audit specs start from.
 */
export async function completedStudent(): Promise<{
  unitId: string;
  unitCode: string;
  studentName: string;
  assessorName: string;
  assessorEmail: string;
}> {
  const { unitId, unitCode, assessorEmail } = await seedCompletedCohort(1);
  return { unitId, unitCode, studentName: 'Student1 Sample', assessorName: 'Riley Reviewer', assessorEmail };
}
