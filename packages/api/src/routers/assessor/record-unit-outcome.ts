import { AppError } from '@evident/core/errors';
import { unitOutcomeLabels } from '@evident/core/unit-outcome-values';
import {
  type RecordUnitOutcomeRequest,
  supersededReasons,
  unitOutcomeView,
} from '@evident/core/unit-outcomes';
import { fullName } from '@evident/core/user';
import { isUniqueViolation } from '@evident/db/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { findStudentsOutOfScope } from '@evident/db/queries/class-scope';
import { hasUndeclaredEvidence } from '@evident/db/queries/evidence-declarations';
import { queueLtiScores } from '@evident/db/queries/lti-passbacks';
import {
  countActiveTasks,
  findEnrolledUnit,
  findStandingOutcome,
  insertUnitOutcome,
  listStudentUnitOutcomes,
  listUnsatisfiedTasks,
  supersedeStandingOutcomes,
} from '@evident/db/queries/unit-outcomes';
import { findUserById } from '@evident/db/queries/users';
import type { AuthedContext } from '../../context';
import { declareIfGiven, requireDeclarationVersion } from '../../rules/declarations';

export const recordedUnitOutcomeOutput = unitOutcomeView;

const nothingRecorded = 'Nothing was recorded.';

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Who may record this student's outcome: a student (not oneself), enrolled, in the assessor's classes. */
async function refuseStudent(ctx: AuthedContext, input: RecordUnitOutcomeRequest) {
  const student = await findUserById(ctx.db, input.studentId);
  if (student?.role !== 'student') throw new AppError('NOT_FOUND', 'Student not found');
  if (student.id === ctx.user.id || student.id === ctx.realUserId)
    throw new AppError('FORBIDDEN', 'You cannot record your own unit outcome');
  const outside = await findStudentsOutOfScope(ctx.db, {
    studentIds: [student.id],
    scope: { assessorId: ctx.user.id },
  });
  if (outside.length > 0) {
    throw new AppError(
      'FORBIDDEN',
      `This student is in a class you do not assess; their class’s assessors record their unit outcome. ${nothingRecorded}`,
    );
  }
  const unit = await findEnrolledUnit(ctx.db, input);
  if (!unit) {
    throw new AppError('NOT_FOUND', `${fullName(student)} is not enrolled in this unit. ${nothingRecorded}`);
  }
  return { student, unit };
}

/**
 * Runs the recording; the partial unique index (one standing outcome per student and unit) answers
 * for two assessors recording at the same moment, neither seeing the other's row: the second is told.
 */
async function inOneTransaction<T>(
  ctx: AuthedContext,
  student: { firstName: string; lastName: string },
  unit: { unitCode: string },
  work: (tx: AuthedContext['db']) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      'CONFLICT',
      `Another outcome for ${fullName(student)} in ${unit.unitCode} was recorded at the same moment. Reload to see it. ${nothingRecorded}`,
    );
  }
}

/**
 * `assessor.unitOutcomes.record` / `POST /api/assessor/unit-outcomes`: the assessor's judgement of the
 * whole unit, with the justification, what remains (Not Yet Competent) and the assessor's declaration,
 * all in one transaction. Competent only once every task is satisfactory and every file declared. An
 * outcome standing already is replaced only when the request names it (`replacesOutcomeId`), and
 * stays in the record as superseded.
 */
export async function recordUnitOutcome(
  ctx: AuthedContext,
  input: RecordUnitOutcomeRequest,
  now: Date = new Date(),
) {
  const { student, unit } = await refuseStudent(ctx, input);
  await requireDeclarationVersion(ctx.db, 'assessor', input.declarationVersion);
  const actingAdminId = ctx.user.isImpersonating ? ctx.realUserId : null;
  const id = await inOneTransaction(ctx, student, unit, async (tx) => {
    // Locked, so of two assessors deciding at once the second sees the first's outcome.
    const standing = await findStandingOutcome(tx, input);
    if (standing && standing.id !== input.replacesOutcomeId) {
      throw new AppError(
        'CONFLICT',
        `${fullName(student)} already has an outcome in ${unit.unitCode} (${unitOutcomeLabels[standing.outcome]}). Reload to see it; a new outcome must say it replaces that one. ${nothingRecorded}`,
      );
    }
    if (!standing && input.replacesOutcomeId) {
      throw new AppError(
        'CONFLICT',
        `The outcome you meant to replace no longer stands (a later decision reopened the unit). Reload and decide again. ${nothingRecorded}`,
      );
    }
    if (input.outcome === 'competent') {
      if ((await countActiveTasks(tx, input.unitId)) === 0) {
        throw new AppError(
          'CONFLICT',
          `${unit.unitCode} has no tasks yet, so there is no evidence to judge Competent. ${nothingRecorded}`,
        );
      }
      const unsatisfied = await listUnsatisfiedTasks(tx, input);
      if (unsatisfied.length > 0) {
        const titles = unsatisfied.slice(0, 5).map((task) => `“${task.title}”`);
        const more = unsatisfied.length > 5 ? ` and ${unsatisfied.length - 5} more` : '';
        throw new AppError(
          'CONFLICT',
          `${fullName(student)} cannot be Competent in ${unit.unitCode} yet: ${listOf(titles)}${more} ${unsatisfied.length === 1 ? 'is' : 'are'} not satisfactory. ${nothingRecorded}`,
        );
      }
      if (await hasUndeclaredEvidence(tx, input)) {
        throw new AppError(
          'CONFLICT',
          `${fullName(student)} cannot be Competent in ${unit.unitCode} yet: some of their evidence is not declared as their own work. Ask them to declare it in the app. ${nothingRecorded}`,
        );
      }
    }
    if (standing) {
      const reason = supersededReasons.replaced(fullName(ctx.user));
      await supersedeStandingOutcomes(tx, [{ ...input, reason }], now);
    }
    const declarationId = await declareIfGiven(tx, {
      kind: 'assessor',
      version: input.declarationVersion,
      userId: ctx.user.id,
      actingAdminId,
      now,
    });
    if (!declarationId) throw new Error('an outcome always carries a declaration');
    const outcomeId = await insertUnitOutcome(tx, {
      studentId: input.studentId,
      unitId: input.unitId,
      outcome: input.outcome,
      justification: input.justification,
      remaining: input.remaining,
      assessorId: ctx.user.id,
      actingAdminId,
      declarationId,
      unitRelease: unit.release,
      at: now,
    });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      actingAsId: ctx.user.isImpersonating ? ctx.user.id : null,
      action: 'unit.outcome',
      subjectId: input.studentId,
      detail: {
        outcomeId,
        unitId: input.unitId,
        unitCode: unit.unitCode,
        outcome: input.outcome,
        replaced: standing?.id ?? null,
        declarationVersion: input.declarationVersion,
      },
    });
    // The LMS's gradebook follows the outcome: the score job reads it when it runs.
    await queueLtiScores(tx, [{ studentId: input.studentId, unitId: input.unitId }]);
    return outcomeId;
  });
  ctx.jobs.wake();
  await ctx.events.publish({ type: 'unitOutcome.changed', studentId: input.studentId, unitId: input.unitId });
  const outcomes = await listStudentUnitOutcomes(ctx.db, input);
  const recorded = outcomes.find((outcome) => outcome.id === id);
  if (!recorded) throw new Error('the recorded outcome could not be read back');
  return recorded;
}
