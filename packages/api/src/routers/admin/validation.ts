import { AppError } from '@evident/core/errors';
import {
  type createValidationRoundInput,
  type credentialInput,
  holdsPolicyCredential,
  latestNextDue,
  policyCredentialCodes,
  type validationPlanInput,
} from '@evident/core/validation';
import { recordAudit } from '@evident/db/queries/audit';
import { findStudentIds, listCompletedStudents } from '@evident/db/queries/audit-packs';
import { enqueueJob } from '@evident/db/queries/jobs';
import { findUnit } from '@evident/db/queries/units';
import { findUserById } from '@evident/db/queries/users';
import {
  findStaffIds,
  findValidationPlan,
  insertCredential,
  insertValidationRound,
  leadAssessorOf,
  listCredentials,
  upsertValidationPlan,
} from '@evident/db/queries/validation';
import type { z } from 'zod';
import type { AuthedContext } from '../../context';
import { mailJob } from '../../jobs/mail-job';
import { publishRoundChanged } from '../../validation/round-events';
import { drawAcrossAssessors } from './validation-sample';

type Ctx = Pick<AuthedContext, 'db' | 'realUserId'>;

export const toCredential = (row: {
  id: string;
  userId: string;
  code: string;
  title: string;
  heldOn: string;
}) => ({
  id: row.id,
  userId: row.userId,
  code: row.code,
  title: row.title,
  heldOn: row.heldOn,
  meetsCredentialPolicy: holdsPolicyCredential(row.code),
});

export async function addCredential(ctx: Ctx, input: z.output<typeof credentialInput>) {
  const person = await findUserById(ctx.db, input.userId);
  if (!person) throw new AppError('NOT_FOUND', 'Person not found');
  const code = input.code.toUpperCase();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertCredential(tx, { ...input, code, recordedBy: ctx.realUserId });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'credential.added',
      subjectId: input.userId,
      detail: { code, title: input.title, heldOn: input.heldOn },
    });
    return inserted;
  });
  return toCredential(row);
}

export async function credentialsOf(ctx: Pick<Ctx, 'db'>, userId: string) {
  return (await listCredentials(ctx.db, [userId])).map(toCredential);
}

export async function getPlan(ctx: Pick<Ctx, 'db'>, unitId: string) {
  const unit = await findUnit(ctx.db, unitId);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  const plan = await findValidationPlan(ctx.db, unitId);
  return plan
    ? {
        unitId,
        lastValidatedOn: plan.lastValidatedOn,
        nextDueOn: plan.nextDueOn,
        risk: plan.risk,
        riskReason: plan.riskReason,
      }
    : null;
}

/** Next due at most five years after the last validation (after today when never validated). */
export async function setPlan(ctx: Ctx, input: z.output<typeof validationPlanInput>, now = new Date()) {
  const unit = await findUnit(ctx.db, input.unitId);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  const latest = latestNextDue(input.lastValidatedOn, now.toISOString().slice(0, 10));
  if (input.nextDueOn > latest)
    throw new AppError('BAD_REQUEST', `Next due must be no later than ${latest}: at most five years on`);
  if (input.lastValidatedOn && input.nextDueOn <= input.lastValidatedOn)
    throw new AppError('BAD_REQUEST', 'Next due must be after the last validation');
  const plan = {
    unitId: unit.id,
    lastValidatedOn: input.lastValidatedOn,
    nextDueOn: input.nextDueOn,
    risk: input.risk,
    riskReason: input.riskReason || null,
    updatedBy: ctx.realUserId,
  };
  await ctx.db.transaction(async (tx) => {
    await upsertValidationPlan(tx, plan);
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'validation.plan',
      subjectId: unit.id,
      detail: { unitCode: unit.unitCode, ...plan },
    });
  });
  return getPlan(ctx, unit.id);
}

/** Every validator active and with a credential recorded, and one of them holding a Credential Policy one. */
async function checkValidators(ctx: Ctx, validatorIds: string[]) {
  const staff = await findStaffIds(ctx.db, validatorIds);
  const notStaff = validatorIds.find((id) => !staff.has(id));
  if (notStaff)
    throw new AppError('BAD_REQUEST', 'A validator must be an active assessor, admin or validator');
  const credentials = await listCredentials(ctx.db, validatorIds);
  const without = validatorIds.filter((id) => !credentials.some((c) => c.userId === id));
  if (without.length > 0) {
    const person = await findUserById(ctx.db, without[0] as string);
    const name = person ? `${person.firstName} ${person.lastName}` : 'A validator';
    throw new AppError('BAD_REQUEST', `${name} has no credential recorded: record it on their person first`);
  }
  if (!credentials.some((c) => holdsPolicyCredential(c.code)))
    throw new AppError(
      'BAD_REQUEST',
      `At least one validator must hold a credential the Credential Policy names (${policyCredentialCodes.join(', ')})`,
    );
}

async function chooseSample(ctx: Ctx, input: z.output<typeof createValidationRoundInput>) {
  const completed = (await listCompletedStudents(ctx.db, input.unitId)).map((row) => row.id);
  if (input.studentIds) {
    const ids = [...new Set(input.studentIds)];
    const found = await findStudentIds(ctx.db, ids);
    if (found.size !== ids.length) throw new AppError('NOT_FOUND', 'Student not found');
    const notDone = ids.filter((id) => !completed.includes(id));
    if (notDone.length > 0)
      throw new AppError('BAD_REQUEST', 'Only students who completed the unit can be sampled');
    return { method: 'chosen', studentIds: ids };
  }
  const size = input.sampleSize ?? Math.ceil(((input.samplePercent ?? 0) * completed.length) / 100);
  if (size > completed.length || size === 0) {
    const have = completed.length === 1 ? '1 student has' : `${completed.length} students have`;
    throw new AppError(
      'BAD_REQUEST',
      `The sample asks for ${size === 1 ? '1 student' : `${size} students`}, but ${have} completed this unit.`,
    );
  }
  const lead = await leadAssessorOf(ctx.db, { unitId: input.unitId, studentIds: completed });
  return { method: 'drawn', studentIds: drawAcrossAssessors(lead, size) };
}

export async function createRound(
  ctx: Ctx & Pick<AuthedContext, 'publicUrl' | 'jobs' | 'events'>,
  input: z.output<typeof createValidationRoundInput>,
) {
  const unit = await findUnit(ctx.db, input.unitId);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  const validatorIds = [...new Set(input.validatorIds)];
  await checkValidators(ctx, validatorIds);
  const sample = await chooseSample(ctx, input);
  const round = await ctx.db.transaction(async (tx) => {
    const row = await insertValidationRound(
      tx,
      {
        unitId: unit.id,
        sampleMethod: sample.method,
        sample: sample.studentIds.map((studentId) => ({ studentId })),
        createdBy: ctx.realUserId,
      },
      validatorIds,
    );
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'validation.round-created',
      subjectId: row.id,
      detail: { unitCode: unit.unitCode, sample: sample.studentIds, method: sample.method, validatorIds },
    });
    // Each validator hears of it, in the same transaction: no round without its mails, nor the reverse.
    for (const validatorId of validatorIds) {
      const person = await findUserById(tx, validatorId);
      if (!person) continue;
      await enqueueJob(
        tx,
        mailJob({
          kind: 'validation-round',
          to: person.email,
          firstName: person.firstName,
          unit: `${unit.unitCode} ${unit.title}`,
          sampleSize: sample.studentIds.length,
          roundUrl: `${ctx.publicUrl.replace(/\/+$/, '')}/validation/${row.id}`,
        }),
      );
    }
    return row;
  });
  ctx.jobs.wake();
  await publishRoundChanged(ctx, round.id, validatorIds);
  return { id: round.id };
}
