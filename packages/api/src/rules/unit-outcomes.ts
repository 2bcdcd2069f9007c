import type { Database } from '@evident/db/client';
import { queueLtiScores } from '@evident/db/queries/lti-passbacks';
import { type StudentUnitPair, supersedeUnitOutcomes } from '@evident/db/queries/unit-outcomes';

/**
 * A change to a unit's task set that no standing outcome judged (a new task, generated tasks, a task
 * restored) reopens every outcome standing in the unit: each stays in the record, superseded with
 * the reason, and the LMS's gradebook goes back to the student's progress. Call in the transaction
 * that changes the tasks.
 */
export async function reopenUnitOutcomes(
  tx: Database,
  { unitId, reason, at = new Date() }: { unitId: string; reason: string; at?: Date },
): Promise<StudentUnitPair[]> {
  const reopened = await supersedeUnitOutcomes(tx, { unitId, reason, at });
  if (reopened.length > 0) await queueLtiScores(tx, reopened);
  return reopened;
}
