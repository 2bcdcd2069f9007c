import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks } from '../schema/curriculum';
import { gradingDecisions, submissions } from '../schema/evidence';
import { unitOutcomes } from '../schema/outcomes';
import { users } from '../schema/users';
import {
  personCredentials,
  unitValidationPlans,
  validationReviews,
  validationRounds,
  validationRoundValidators,
} from '../schema/validation';

export type CredentialRow = typeof personCredentials.$inferSelect;
export type ValidationPlanRow = typeof unitValidationPlans.$inferSelect;
export type ValidationRoundRow = typeof validationRounds.$inferSelect;
export type ValidationReviewRow = typeof validationReviews.$inferSelect;

export async function insertCredential(
  db: Database,
  credential: Pick<CredentialRow, 'userId' | 'code' | 'title' | 'heldOn' | 'recordedBy'>,
): Promise<CredentialRow> {
  const [row] = await db.insert(personCredentials).values(credential).returning();
  if (!row) throw new Error('insert returned no credential');
  return row;
}

/** Credentials of these people, oldest first. */
export async function listCredentials(db: Database, userIds: string[]): Promise<CredentialRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(personCredentials)
    .where(inArray(personCredentials.userId, userIds))
    .orderBy(asc(personCredentials.heldOn), asc(personCredentials.createdAt));
}

export async function findValidationPlan(db: Database, unitId: string) {
  const [row] = await db.select().from(unitValidationPlans).where(eq(unitValidationPlans.unitId, unitId));
  return row;
}

export async function upsertValidationPlan(
  db: Database,
  plan: Omit<ValidationPlanRow, 'updatedAt'>,
): Promise<ValidationPlanRow> {
  const { unitId, ...rest } = plan;
  const [row] = await db
    .insert(unitValidationPlans)
    .values(plan)
    .onConflictDoUpdate({ target: unitValidationPlans.unitId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('upsert returned no plan');
  return row;
}

/**
 * Who judged each of these students' work in the unit: the assessors (and admins acting as them) of
 * every grading decision on its tasks and of every unit outcome. A validator among them may not
 * review that record.
 */
export async function judgesOf(
  db: Database,
  { unitId, studentIds }: { unitId: string; studentIds: string[] },
): Promise<Map<string, Set<string>>> {
  const judges = new Map<string, Set<string>>(studentIds.map((id) => [id, new Set<string>()]));
  if (studentIds.length === 0) return judges;
  const decisions = await db
    .select({
      studentId: submissions.studentId,
      assessorId: gradingDecisions.assessorId,
      actingAdminId: gradingDecisions.actingAdminId,
    })
    .from(gradingDecisions)
    .innerJoin(submissions, eq(submissions.id, gradingDecisions.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(and(eq(tasks.unitId, unitId), inArray(submissions.studentId, studentIds)));
  const outcomes = await db
    .select({
      studentId: unitOutcomes.studentId,
      assessorId: unitOutcomes.assessorId,
      actingAdminId: unitOutcomes.actingAdminId,
    })
    .from(unitOutcomes)
    .where(and(eq(unitOutcomes.unitId, unitId), inArray(unitOutcomes.studentId, studentIds)));
  for (const row of [...decisions, ...outcomes]) {
    const set = judges.get(row.studentId);
    if (row.assessorId) set?.add(row.assessorId);
    if (row.actingAdminId) set?.add(row.actingAdminId);
  }
  return judges;
}

/** The assessor whose judgement stands for each student: the standing outcome's, else the latest decision's. */
export async function leadAssessorOf(
  db: Database,
  { unitId, studentIds }: { unitId: string; studentIds: string[] },
): Promise<Map<string, string | null>> {
  const lead = new Map<string, string | null>(studentIds.map((id) => [id, null]));
  if (studentIds.length === 0) return lead;
  const decisions = await db
    .select({ studentId: submissions.studentId, assessorId: gradingDecisions.assessorId })
    .from(gradingDecisions)
    .innerJoin(submissions, eq(submissions.id, gradingDecisions.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(and(eq(tasks.unitId, unitId), inArray(submissions.studentId, studentIds)))
    .orderBy(asc(gradingDecisions.createdAt));
  for (const row of decisions) if (row.assessorId) lead.set(row.studentId, row.assessorId);
  const outcomes = await db
    .select({ studentId: unitOutcomes.studentId, assessorId: unitOutcomes.assessorId })
    .from(unitOutcomes)
    .where(
      and(
        eq(unitOutcomes.unitId, unitId),
        inArray(unitOutcomes.studentId, studentIds),
        isNull(unitOutcomes.supersededAt),
      ),
    );
  for (const row of outcomes) if (row.assessorId) lead.set(row.studentId, row.assessorId);
  return lead;
}

export async function insertValidationRound(
  db: Database,
  round: Pick<ValidationRoundRow, 'unitId' | 'sampleMethod' | 'sample' | 'createdBy'>,
  validatorIds: string[],
): Promise<ValidationRoundRow> {
  const [row] = await db.insert(validationRounds).values(round).returning();
  if (!row) throw new Error('insert returned no round');
  await db
    .insert(validationRoundValidators)
    .values(validatorIds.map((userId) => ({ roundId: row.id, userId })));
  return row;
}

export async function findValidationRound(db: Database, id: string) {
  const [round] = await db.select().from(validationRounds).where(eq(validationRounds.id, id));
  if (!round) return undefined;
  const validators = await db
    .select({ userId: validationRoundValidators.userId })
    .from(validationRoundValidators)
    .where(eq(validationRoundValidators.roundId, id));
  return { round, validatorIds: validators.map((v) => v.userId) };
}

/** Rounds for the admin's list (all) or for one validator (theirs), most recent first. */
export async function listValidationRounds(db: Database, { validatorId }: { validatorId?: string } = {}) {
  const query = db.select({ round: validationRounds }).from(validationRounds);
  const rows = validatorId
    ? await query
        .innerJoin(validationRoundValidators, eq(validationRoundValidators.roundId, validationRounds.id))
        .where(eq(validationRoundValidators.userId, validatorId))
        .orderBy(desc(validationRounds.createdAt))
        .limit(100)
    : await query.orderBy(desc(validationRounds.createdAt)).limit(100);
  return rows.map((row) => row.round);
}

export async function listValidationReviews(db: Database, roundId: string): Promise<ValidationReviewRow[]> {
  return db
    .select()
    .from(validationReviews)
    .where(eq(validationReviews.roundId, roundId))
    .orderBy(asc(validationReviews.createdAt));
}

export async function insertValidationReview(
  db: Database,
  review: Omit<ValidationReviewRow, 'id' | 'createdAt'>,
): Promise<ValidationReviewRow> {
  const [row] = await db.insert(validationReviews).values(review).returning();
  if (!row) throw new Error('insert returned no review');
  return row;
}

/** Whether this validator already reviewed this record (or the tool, studentId null) in the round. */
export async function findOwnReview(
  db: Database,
  { roundId, validatorId, studentId }: { roundId: string; validatorId: string; studentId: string | null },
) {
  const [row] = await db
    .select({ id: validationReviews.id })
    .from(validationReviews)
    .where(
      and(
        eq(validationReviews.roundId, roundId),
        eq(validationReviews.validatorId, validatorId),
        studentId === null ? isNull(validationReviews.studentId) : eq(validationReviews.studentId, studentId),
      ),
    );
  return row;
}

/** Which of these ids are people who may validate: assessors, admins and validators, not deactivated. */
export async function findStaffIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        isNull(users.deactivatedAt),
        inArray(users.role, ['assessor', 'rto_admin', 'validator']),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
