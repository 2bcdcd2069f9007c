import { AppError } from '@evident/core/errors';
import {
  nextDueAfterValidation,
  type validationActionInput,
  validationRisks,
} from '@evident/core/validation';
import { recordAudit } from '@evident/db/queries/audit';
import { findUnit } from '@evident/db/queries/units';
import { namesOfUsers } from '@evident/db/queries/users';
import {
  findValidationPlan,
  findValidationRound,
  judgesOf,
  listValidationReviews,
  upsertValidationPlan,
} from '@evident/db/queries/validation';
import {
  closeValidationRound,
  findValidationAction,
  insertValidationAction,
  isActionOwner,
  listOpenActionsOf,
  markValidationActionDone,
} from '@evident/db/queries/validation-actions';
import type { z } from 'zod';
import type { AuthedContext } from '../context';
import { orgTimeZone } from '../rules/org-time-zone';
import { publishRoundChanged } from './round-events';
import { missingReviews } from './round-report';

type Ctx = Pick<AuthedContext, 'db' | 'realUserId' | 'user' | 'events'>;

async function openRound(ctx: Pick<Ctx, 'db'>, roundId: string) {
  const found = await findValidationRound(ctx.db, roundId);
  if (!found) throw new AppError('NOT_FOUND', 'Validation round not found');
  return found;
}

/** An action on a round, with an owner who will see it done. Actions may be added after closing too. */
export async function addAction(ctx: Ctx, input: z.output<typeof validationActionInput>) {
  const { round, validatorIds } = await openRound(ctx, input.roundId);
  if (!(await isActionOwner(ctx.db, input.ownerId)))
    throw new AppError('BAD_REQUEST', 'The owner must be an active admin, validator or approved assessor');
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertValidationAction(tx, {
      roundId: round.id,
      text: input.text,
      ownerId: input.ownerId,
      createdBy: ctx.realUserId,
    });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'validation.action-added',
      subjectId: round.id,
      detail: { actionId: inserted.id, text: input.text, ownerId: input.ownerId },
    });
    return inserted;
  });
  await publishRoundChanged(ctx, round.id, [...validatorIds, input.ownerId]);
  return { id: row.id };
}

/**
 * Marks an action done: an admin any action, an owner their own. Who did it is kept (the admin, when
 * an admin viewing as the owner does it); a second mark is refused rather than moving the date.
 */
export async function completeAction(ctx: Ctx, actionId: string, { asOwner }: { asOwner: boolean }) {
  const action = await findValidationAction(ctx.db, actionId);
  if (!action || (asOwner && action.ownerId !== ctx.user.id))
    throw new AppError('NOT_FOUND', 'Validation action not found');
  // Its round's validators hear of it; read before the write, so nothing can fail after the commit.
  const { validatorIds } = await openRound(ctx, action.roundId);
  const doneAt = await ctx.db.transaction(async (tx) => {
    const done = await markValidationActionDone(tx, {
      id: action.id,
      doneBy: ctx.realUserId,
      at: new Date(),
    });
    if (!done) throw new AppError('CONFLICT', 'This action is already done');
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      // On the owner's path an admin viewing as the owner acts as them; the admin path is the admin's own.
      actingAsId: asOwner && ctx.user.isImpersonating ? ctx.user.id : null,
      action: 'validation.action-done',
      subjectId: action.roundId,
      detail: { actionId: action.id, text: action.text },
    });
    return done.doneAt;
  });
  await publishRoundChanged(
    ctx,
    action.roundId,
    action.ownerId ? [...validatorIds, action.ownerId] : validatorIds,
  );
  return { id: action.id, doneAt: doneAt as Date };
}

/** The owner's actions not yet done, across rounds. */
export async function myOpenActions(ctx: Pick<Ctx, 'db' | 'user'>) {
  return listOpenActionsOf(ctx.db, ctx.user.id);
}

/** A moment's calendar day (YYYY-MM-DD) where the organisation is. */
const dayIn = (moment: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    moment,
  );

/**
 * Closes a round (issue 30 §2). Reviews still missing do not stop it: the answer lists them, the
 * report prints them, and the audit trail keeps them. The unit's plan moves on: last validated the
 * day it closed, next due by its risk rating (core's `nextDueAfterValidation`). No review is taken
 * after this.
 */
export async function closeRound(ctx: Ctx, roundId: string, now = new Date()) {
  const { round, validatorIds } = await openRound(ctx, roundId);
  if (round.status === 'closed') throw new AppError('CONFLICT', 'This validation round is already closed');
  const studentIds = round.sample.map((s) => s.studentId);
  const [unit, judges, { timeZone }] = await Promise.all([
    findUnit(ctx.db, round.unitId),
    judgesOf(ctx.db, { unitId: round.unitId, studentIds }),
    orgTimeZone(ctx.db),
  ]);
  const closedOn = dayIn(now, timeZone);
  const result = await ctx.db.transaction(async (tx) => {
    const closed = await closeValidationRound(tx, { id: round.id, closedBy: ctx.realUserId, at: now });
    if (!closed) throw new AppError('CONFLICT', 'This validation round is already closed');
    // Read inside: a review that went in just before the close counts.
    const final = await listValidationReviews(tx, round.id);
    const missing = missingReviews(validatorIds, judges, final);
    const plan = await findValidationPlan(tx, round.unitId);
    const risk = plan?.risk ?? validationRisks[0];
    const nextDueOn = nextDueAfterValidation(closedOn, risk);
    await upsertValidationPlan(tx, {
      unitId: round.unitId,
      lastValidatedOn: closedOn,
      nextDueOn,
      risk,
      riskReason: plan?.riskReason ?? null,
      updatedBy: ctx.realUserId,
    });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'validation.round-closed',
      subjectId: round.id,
      detail: { unitCode: unit?.unitCode, closedOn, nextDueOn, risk, reviews: final.length, missing },
    });
    return { missing, nextDueOn };
  });
  await publishRoundChanged(ctx, round.id, validatorIds);
  const names = await namesOfUsers(ctx.db, [...validatorIds, ...studentIds]);
  return {
    id: round.id,
    closedAt: now,
    lastValidatedOn: closedOn,
    nextDueOn: result.nextDueOn,
    missing: result.missing.map((m) => ({
      validatorName: names.get(m.validatorId) ?? '',
      studentName: m.studentId ? (names.get(m.studentId) ?? '') : null,
    })),
  };
}
