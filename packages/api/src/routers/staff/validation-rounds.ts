import { AppError } from '@evident/core/errors';
import { holdsPolicyCredential, type validationReviewInput } from '@evident/core/validation';
import { recordAudit } from '@evident/db/queries/audit';
import { findUnit } from '@evident/db/queries/units';
import { namesOfUsers } from '@evident/db/queries/users';
import {
  findOwnReview,
  findValidationRound,
  insertValidationReview,
  judgesOf,
  listCredentials,
  listValidationReviews,
  listValidationRounds,
} from '@evident/db/queries/validation';
import { listValidationActions, lockOpenRound } from '@evident/db/queries/validation-actions';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { publishRoundChanged } from '../../validation/round-events';
import { actionView, missingReviews } from '../../validation/round-report';

type Ctx = Pick<AuthedContext, 'db' | 'realUserId' | 'user' | 'events'>;

const reviewOutput = z.object({
  id: z.string(),
  validatorId: z.string(),
  validatorName: z.string(),
  studentId: z.string().nullable(),
  agrees: z.boolean().nullable(),
  reason: z.string().nullable(),
  findings: z.string().nullable(),
  recommendedChanges: z.string().nullable(),
  createdAt: z.date(),
});

export const validationRoundOutput = z.object({
  id: z.string(),
  unitId: z.string(),
  unitCode: z.string(),
  unitTitle: z.string(),
  status: z.enum(['open', 'closed']),
  sampleMethod: z.string().describe("'drawn' at random across assessors, or 'chosen' by hand"),
  createdAt: z.date(),
  validators: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      credentials: z.array(z.object({ code: z.string(), title: z.string(), heldOn: z.string() })),
      meetsCredentialPolicy: z.boolean(),
    }),
  ),
  sample: z.array(
    z.object({
      studentId: z.string(),
      studentName: z.string(),
      judgedBy: z.array(z.object({ id: z.string(), name: z.string() })),
      /** Validators who may review it: those who made no judgement on it. */
      reviewableBy: z.array(z.string()),
    }),
  ),
  reviews: z.array(reviewOutput),
  progress: z.object({
    done: z.number().describe('Record reviews recorded'),
    expected: z
      .number()
      .describe('Record reviews the round asks for (each validator, each record they may review)'),
  }),
  closedAt: z.date().nullable(),
  closedByName: z.string().nullable(),
  missing: z
    .array(z.object({ validatorId: z.string(), studentId: z.string().nullable() }))
    .describe("Reviews not yet recorded (when closed: never recorded); a null student is the tool's"),
  actions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      ownerId: z.string().nullable(),
      ownerName: z.string().nullable(),
      createdAt: z.date(),
      doneAt: z.date().nullable(),
      doneByName: z.string().nullable(),
    }),
  ),
});

export const validationRoundListOutput = z.array(
  z.object({
    id: z.string(),
    unitCode: z.string(),
    unitTitle: z.string(),
    status: z.enum(['open', 'closed']),
    sampleCount: z.number(),
    createdAt: z.date(),
  }),
);

/** The round as its screens show it. A validator sees their own rounds only; an admin sees any. */
export async function viewRound(ctx: Ctx, id: string) {
  const found = await findValidationRound(ctx.db, id);
  const mayView = found && (ctx.user.role === 'rto_admin' || found.validatorIds.includes(ctx.user.id));
  if (!found || !mayView) throw new AppError('NOT_FOUND', 'Validation round not found');
  const { round, validatorIds } = found;
  const unit = await findUnit(ctx.db, round.unitId);
  const studentIds = round.sample.map((s) => s.studentId);
  const [judges, credentials, reviews, actions] = await Promise.all([
    judgesOf(ctx.db, { unitId: round.unitId, studentIds }),
    listCredentials(ctx.db, validatorIds),
    listValidationReviews(ctx.db, round.id),
    listValidationActions(ctx.db, [round.id]),
  ]);
  const judgeIds = [...judges.values()].flatMap((set) => [...set]);
  const actionPeople = actions.flatMap((a) => [a.ownerId, a.doneBy]);
  const names = await namesOfUsers(
    ctx.db,
    [...studentIds, ...validatorIds, ...judgeIds, ...actionPeople, round.closedBy].filter(
      (id): id is string => id !== null,
    ),
  );
  const sample = studentIds.map((studentId) => {
    const judgedBy = [...(judges.get(studentId) ?? [])];
    return {
      studentId,
      studentName: names.get(studentId) ?? '',
      judgedBy: judgedBy.map((jid) => ({ id: jid, name: names.get(jid) ?? '' })),
      reviewableBy: validatorIds.filter((v) => !judgedBy.includes(v)),
    };
  });
  return {
    id: round.id,
    unitId: round.unitId,
    unitCode: unit?.unitCode ?? '',
    unitTitle: unit?.title ?? '',
    status: round.status,
    sampleMethod: round.sampleMethod,
    createdAt: round.createdAt,
    validators: validatorIds.map((vid) => {
      const own = credentials.filter((c) => c.userId === vid);
      return {
        id: vid,
        name: names.get(vid) ?? '',
        credentials: own.map((c) => ({ code: c.code, title: c.title, heldOn: c.heldOn })),
        meetsCredentialPolicy: own.some((c) => holdsPolicyCredential(c.code)),
      };
    }),
    sample,
    reviews: reviews.map((r) => ({
      id: r.id,
      validatorId: r.validatorId,
      validatorName: names.get(r.validatorId) ?? '',
      studentId: r.studentId,
      agrees: r.agrees,
      reason: r.reason,
      findings: r.findings,
      recommendedChanges: r.recommendedChanges,
      createdAt: r.createdAt,
    })),
    progress: {
      done: reviews.filter((r) => r.studentId !== null).length,
      expected: sample.reduce((sum, s) => sum + s.reviewableBy.length, 0),
    },
    closedAt: round.closedAt,
    closedByName: round.closedBy ? (names.get(round.closedBy) ?? null) : null,
    missing: missingReviews(validatorIds, judges, reviews),
    actions: actions.map((action) => actionView(action, names)),
  };
}

export async function listRounds(ctx: Pick<Ctx, 'db'>, validatorId?: string) {
  const rounds = await listValidationRounds(ctx.db, { validatorId });
  const units = await Promise.all(rounds.map((r) => findUnit(ctx.db, r.unitId)));
  return rounds.map((round, i) => ({
    id: round.id,
    unitCode: units[i]?.unitCode ?? '',
    unitTitle: units[i]?.title ?? '',
    status: round.status,
    sampleCount: round.sample.length,
    createdAt: round.createdAt,
  }));
}

/**
 * A validator's review of one sampled record, or of the tool. Refused (nothing written) from someone
 * not a validator of the round, for a student not in its sample, from a validator who judged that
 * record, or a second time.
 */
export async function recordReview(ctx: Ctx, input: z.output<typeof validationReviewInput>) {
  const found = await findValidationRound(ctx.db, input.roundId);
  if (!found) throw new AppError('NOT_FOUND', 'Validation round not found');
  const validatorId = ctx.user.id;
  if (!found.validatorIds.includes(validatorId))
    throw new AppError('FORBIDDEN', 'You are not a validator in this round');
  if (found.round.status !== 'open')
    throw new AppError('CONFLICT', 'This validation round is closed: no more reviews are taken');
  const studentId = input.studentId ?? null;
  if (studentId !== null) {
    if (!found.round.sample.some((s) => s.studentId === studentId))
      throw new AppError('BAD_REQUEST', "That student's record is not in this round's sample");
    const judges = await judgesOf(ctx.db, { unitId: found.round.unitId, studentIds: [studentId] });
    const judgedBy = judges.get(studentId) ?? new Set();
    if (judgedBy.has(validatorId) || judgedBy.has(ctx.realUserId))
      throw new AppError(
        'FORBIDDEN',
        'You made a judgement in this record, so another validator must review it',
      );
  }
  const review = await ctx.db.transaction(async (tx) => {
    if (!(await lockOpenRound(tx, found.round.id)))
      throw new AppError('CONFLICT', 'This validation round is closed: no more reviews are taken');
    if (await findOwnReview(tx, { roundId: found.round.id, validatorId, studentId }))
      throw new AppError(
        'CONFLICT',
        studentId ? 'You have already reviewed this record' : 'You have already reviewed the tool',
      );
    const row = await insertValidationReview(tx, {
      roundId: found.round.id,
      validatorId,
      actingAdminId: ctx.user.isImpersonating ? ctx.realUserId : null,
      studentId,
      agrees: studentId ? (input.agrees ?? null) : null,
      reason: studentId ? (input.reason ?? null) : null,
      findings: input.findings || null,
      recommendedChanges: input.recommendedChanges || null,
    });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      actingAsId: ctx.user.isImpersonating ? validatorId : null,
      action: 'validation.reviewed',
      subjectId: found.round.id,
      detail: { studentId, agrees: row.agrees },
    });
    return row;
  });
  await publishRoundChanged(ctx, found.round.id, found.validatorIds);
  return { id: review.id };
}
