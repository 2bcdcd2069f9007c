import { randomBytes } from 'node:crypto';
import type { createClassInput, updateClassInput } from '@evident/core/classes';
import { AppError } from '@evident/core/errors';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import {
  archiveClass as archiveClassRow,
  type ClassRow,
  classMembers,
  enrolInClassUnits,
  findClass,
  findUnitsByIds,
  insertClass,
  openStudentIds,
  setClassUnits,
  setInviteCode,
  updateClassFields,
} from '@evident/db/queries/classes';
import type { z } from 'zod';
import type { AuthedContext } from '../../../context';

/** The secret in `/join/<code>`: 96 random bits, URL-safe. */
export const newInviteCode = () => randomBytes(12).toString('base64url');

/** The class invitation link, under PUBLIC_URL (which may carry a path). */
export const inviteUrl = (publicUrl: string, inviteCode: string) =>
  `${publicUrl.replace(/\/+$/, '')}/join/${encodeURIComponent(inviteCode)}`;

/** Today as a calendar date (UTC), to compare with a class's `ends_on`. */
export const today = () => new Date().toISOString().slice(0, 10);

export type ClassStatus = 'open' | 'ended' | 'archived';
export const classStatus = (row: Pick<ClassRow, 'archivedAt' | 'endsOn'>): ClassStatus =>
  row.archivedAt ? 'archived' : row.endsOn && row.endsOn < today() ? 'ended' : 'open';

export async function requireClass(db: Database, id: string): Promise<ClassRow> {
  const row = await findClass(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Class not found');
  return row;
}

/** An archived class keeps its record but takes no changes. */
export async function requireOpenClass(db: Database, id: string): Promise<ClassRow> {
  const row = await requireClass(db, id);
  if (row.archivedAt) throw new AppError('CONFLICT', `${row.name} has been archived and takes no changes`);
  return row;
}

/** Every unit must exist and be in use: an archived unit is closed to new students. */
async function checkUnits(db: Database, unitIds: string[]) {
  const found = await findUnitsByIds(db, unitIds);
  if (found.length !== unitIds.length) throw new AppError('BAD_REQUEST', 'One of the units does not exist');
  const archived = found.find((unit) => unit.archivedAt);
  if (archived)
    throw new AppError('BAD_REQUEST', `Unit ${archived.unitCode} is archived and cannot be given to a class`);
}

export const actorName = (ctx: AuthedContext) => {
  const actor = ctx.user.isImpersonating ? ctx.user.originalUser : ctx.user;
  return actor ? fullName(actor) : null;
};

/** `GET /api/admin/classes/{id}`: the class, its units, assessors, current students and ended enrolments. */
export async function getClass(ctx: AuthedContext, id: string) {
  const row = await requireClass(ctx.db, id);
  const members = await classMembers(ctx.db, row.id);
  return {
    id: row.id,
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    status: classStatus(row),
    inviteCode: row.inviteCode,
    inviteUrl: inviteUrl(ctx.publicUrl, row.inviteCode),
    units: members.units.map(({ archivedAt, ...unit }) => ({ ...unit, archived: archivedAt !== null })),
    assessors: members.assessors.map(({ addedAt, ...person }) => ({
      ...person,
      addedAt: addedAt.toISOString(),
    })),
    students: members.enrolments
      .filter((row) => row.endedAt === null)
      .map((row) => ({
        enrolmentId: row.id,
        ...row.student,
        enrolledAt: row.enrolledAt.toISOString(),
        invitationPending: row.invitationPending,
      })),
    endedEnrolments: members.enrolments
      .filter((row) => row.endedAt !== null)
      .map((row) => ({
        enrolmentId: row.id,
        ...row.student,
        enrolledAt: row.enrolledAt.toISOString(),
        endedAt: row.endedAt?.toISOString() ?? '',
        endedBy: row.endedByName,
      })),
  };
}

/** `POST /api/admin/classes`. */
export async function createClass(ctx: AuthedContext, input: z.output<typeof createClassInput>) {
  await checkUnits(ctx.db, input.unitIds);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertClass(tx, {
      name: input.name,
      startsOn: input.startsOn ?? null,
      endsOn: input.endsOn ?? null,
      inviteCode: newInviteCode(),
      createdBy: ctx.realUserId,
    });
    await setClassUnits(tx, created.id, input.unitIds);
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'class.create',
      detail: { classId: created.id, className: created.name, actorName: actorName(ctx) },
    });
    return created;
  });
  return getClass(ctx, row.id);
}

/**
 * `PUT /api/admin/classes/{id}`: name, dates and units. Students in the class join any unit added;
 * a unit taken out leaves their enrolment in it (and its evidence) alone.
 */
export async function updateClass(ctx: AuthedContext, input: z.output<typeof updateClassInput>) {
  const existing = await requireOpenClass(ctx.db, input.id);
  await checkUnits(ctx.db, input.unitIds);
  const addedUnits = await ctx.db.transaction(async (tx) => {
    await updateClassFields(tx, existing.id, {
      name: input.name,
      startsOn: input.startsOn ?? null,
      endsOn: input.endsOn ?? null,
    });
    const added = await setClassUnits(tx, existing.id, input.unitIds);
    const students = await openStudentIds(tx, existing.id);
    await enrolInClassUnits(tx, { classId: existing.id, studentIds: students, unitIds: added });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'class.update',
      detail: { classId: existing.id, className: input.name, actorName: actorName(ctx) },
    });
    return added.flatMap((unitId) => students.map((studentId) => ({ unitId, studentId })));
  });
  for (const enrolment of addedUnits) await ctx.events.publish({ type: 'enrolment.created', ...enrolment });
  return getClass(ctx, existing.id);
}

/** `DELETE /api/admin/classes/{id}`: archives; enrolments and assessors stay on record. */
export async function deleteClass(ctx: AuthedContext, id: string) {
  const existing = await requireClass(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const archived = await archiveClassRow(tx, { id: existing.id, by: ctx.realUserId, at: new Date() });
    if (!archived) return;
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'class.archive',
      detail: { classId: existing.id, className: existing.name, actorName: actorName(ctx) },
    });
  });
  return getClass(ctx, existing.id);
}

/** A new invitation link; the old one stops working at once. */
export async function regenerateInviteLink(ctx: AuthedContext, id: string) {
  const existing = await requireOpenClass(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await setInviteCode(tx, existing.id, newInviteCode());
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'class.invite-link',
      detail: { classId: existing.id, className: existing.name, actorName: actorName(ctx) },
    });
  });
  return getClass(ctx, existing.id);
}
