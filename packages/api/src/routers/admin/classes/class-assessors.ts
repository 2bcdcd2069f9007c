import type { addAssessorsInput, classMemberInput } from '@evident/core/classes';
import { AppError } from '@evident/core/errors';
import { fullName } from '@evident/core/user';
import { recordAudit } from '@evident/db/queries/audit';
import { addClassAssessors, findUsersByIds, removeClassAssessor } from '@evident/db/queries/classes';
import type { z } from 'zod';
import type { AuthedContext } from '../../../context';
import { actorName, getClass, requireOpenClass } from './classes';

/** `POST /api/admin/classes/{id}/assessors`: approved, active assessors only; all or none are added. */
export async function addAssessors(ctx: AuthedContext, input: z.output<typeof addAssessorsInput>) {
  const row = await requireOpenClass(ctx.db, input.id);
  const people = await findUsersByIds(ctx.db, input.userIds);
  const missing = input.userIds.find((id) => !people.some((person) => person.id === id));
  if (missing) throw new AppError('NOT_FOUND', `User ${missing} not found`);
  const refused = people.find(
    (person) => person.role !== 'assessor' || !person.approvedAt || person.deactivatedAt,
  );
  if (refused) {
    const why =
      refused.role !== 'assessor'
        ? 'is not an assessor'
        : refused.deactivatedAt
          ? 'is deactivated'
          : 'is waiting for approval';
    throw new AppError('BAD_REQUEST', `${fullName(refused)} ${why} and cannot assess a class`);
  }
  await ctx.db.transaction(async (tx) => {
    const added = await addClassAssessors(tx, row.id, input.userIds);
    for (const assessorId of added) {
      const person = people.find((p) => p.id === assessorId);
      await recordAudit(tx, {
        actorId: ctx.realUserId,
        action: 'class.assessor-add',
        subjectId: assessorId,
        detail: {
          classId: row.id,
          className: row.name,
          actorName: actorName(ctx),
          subjectName: person ? fullName(person) : null,
        },
      });
    }
  });
  return getClass(ctx, row.id);
}

/** Takes an assessor off the class (an assignment, not a record: nothing of theirs is lost). */
export async function removeAssessor(ctx: AuthedContext, input: z.output<typeof classMemberInput>) {
  const row = await requireOpenClass(ctx.db, input.id);
  await ctx.db.transaction(async (tx) => {
    if (!(await removeClassAssessor(tx, row.id, input.userId))) return;
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'class.assessor-remove',
      subjectId: input.userId,
      detail: { classId: row.id, className: row.name, actorName: actorName(ctx) },
    });
  });
  return getClass(ctx, row.id);
}
