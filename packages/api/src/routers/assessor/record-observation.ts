import { AppError } from '@evident/core/errors';
import { dayIn, type ObservationInput } from '@evident/core/observations';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { isForeignKeyViolation } from '@evident/db/errors';
import { recordAudit } from '@evident/db/queries/audit';
import {
  findObservationByClientKey,
  findTaskUnitRelease,
  insertObservationOnce,
  listObservations,
  listTaskChecklist,
} from '@evident/db/queries/observations';
import type { AuthedContext } from '../../context';
import { openSubmissionForEvidence } from '../../rules/evidence-submission';
import { orgTimeZone } from '../../rules/org-time-zone';
import { publishSubmissionCreated } from '../../rules/submission-events';
import { type ObservationView, toObservationView } from '../../views/observation-views';
import { requireObservable } from './observation-checklist';

/** Rolls the transaction back when a concurrent retry recorded the same client key first. */
class ClientKeyTaken extends Error {}

/** The observation answered for an observation already recorded under the assessor's client key. */
async function recordedUnderKey(
  ctx: AuthedContext,
  input: ObservationInput,
): Promise<ObservationView | null> {
  if (!input.clientKey) return null;
  const earlier = await findObservationByClientKey(ctx.db, {
    assessorId: ctx.user.id,
    clientKey: input.clientKey,
  });
  if (!earlier) return null;
  if (earlier.studentId !== input.studentId || earlier.taskId !== input.taskId)
    throw new AppError('CONFLICT', 'This checklist was already recorded for another student or task');
  const [view] = await listObservations(ctx.db, [earlier.submissionId]).then((rows) =>
    rows.filter((row) => row.id === earlier.id),
  );
  if (!view) throw new Error('observation vanished after it was found');
  return toObservationView(view);
}

/** Every item must be one the task maps; the refusal names those that are not. */
async function refuseUnmappedItems(db: Database, input: ObservationInput): Promise<void> {
  const mapped = new Set((await listTaskChecklist(db, input.taskId)).map((item) => item.key));
  if (mapped.size === 0)
    throw new AppError(
      'BAD_REQUEST',
      'This task is not mapped to any of the unit’s requirements, so it has no checklist. An admin maps it on the task form. Nothing was recorded.',
    );
  const unknown = input.items.filter((item) => !mapped.has(item.key)).map((item) => item.key);
  if (unknown.length > 0)
    throw new AppError(
      'BAD_REQUEST',
      `${unknown.join(', ')} ${unknown.length === 1 ? 'is not an item' : 'are not items'} this task is mapped to. Nothing was recorded.`,
    );
}

/**
 * `assessor.observations.record` / `POST /api/assessor/observations`: an assessor's checklist of a
 * student at work, evidence on the student's submission for the task. In one transaction: the
 * submission is created (submitted) when there is none, or sent back to the assessors as new evidence
 * after a not-yet-satisfactory, and the observation is recorded with who observed, as whom, and the
 * unit's release. A retry with the same client key answers the first observation; nothing half-written.
 */
export async function recordObservation(
  ctx: AuthedContext,
  input: ObservationInput,
  now: Date = new Date(),
): Promise<ObservationView> {
  const earlier = await recordedUnderKey(ctx, input);
  if (earlier) return earlier;
  await requireObservable(ctx.db, ctx, input);
  await refuseUnmappedItems(ctx.db, input);
  const { timeZone } = await orgTimeZone(ctx.db);
  if (input.observedOn > dayIn(now, timeZone))
    throw new AppError(
      'BAD_REQUEST',
      'The observation date cannot be later than today. Nothing was recorded.',
    );

  let recorded: Awaited<ReturnType<typeof insertObservationOnce>>;
  try {
    recorded = await ctx.db.transaction(async (tx) => {
      const submission = await openSubmissionForEvidence(tx, { ...input, at: now });
      if (!submission)
        throw new AppError(
          'CONFLICT',
          'This task has already been graded satisfactory; it needs no more evidence. Nothing was recorded.',
        );
      const row = await insertObservationOnce(tx, {
        submissionId: submission.id,
        assessorId: ctx.user.id,
        actingAdminId: ctx.user.isImpersonating ? ctx.realUserId : null,
        observedOn: input.observedOn,
        place: input.place,
        durationMinutes: input.durationMinutes,
        signedName: input.signedName,
        unitRelease: await findTaskUnitRelease(tx, input.taskId),
        items: input.items.map(({ key, result, note }) => (note ? { key, result, note } : { key, result })),
        clientKey: input.clientKey ?? null,
      });
      if (!row) throw new ClientKeyTaken();
      await recordAudit(tx, {
        actorId: ctx.realUserId,
        actingAsId: ctx.user.isImpersonating ? ctx.user.id : null,
        action: 'observation.recorded',
        subjectId: input.studentId,
        detail: {
          submissionId: submission.id,
          taskId: input.taskId,
          observationId: row.id,
          actorName: fullName(
            ctx.user.isImpersonating && ctx.user.originalUser ? ctx.user.originalUser : ctx.user,
          ),
        },
      });
      return row;
    });
  } catch (error) {
    if (error instanceof ClientKeyTaken) {
      const first = await recordedUnderKey(ctx, input);
      if (first) return first;
    }
    // The task deleted at the same moment: the database refused our rows.
    if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', 'Task not found');
    throw error;
  }
  if (!recorded) throw new Error('observation not recorded');
  await publishSubmissionCreated(ctx, recorded.submissionId);
  const [view] = (await listObservations(ctx.db, [recorded.submissionId])).filter(
    (row) => row.id === recorded?.id,
  );
  if (!view) throw new Error('observation vanished after it was recorded');
  return toObservationView(view);
}
