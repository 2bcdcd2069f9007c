import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import {
  type ClassRow,
  enrolInClass,
  findClassByInviteCode,
  isOpenlyEnrolled,
  isPlaceEndedByOther,
  listClassUnits,
} from '@evident/db/queries/classes';
import { z } from 'zod';
import type { Context } from '../../context';
import { day } from '../admin/classes/class-output';
import { classStatus } from '../admin/classes/classes';

const NOT_VALID = 'This invitation link is not valid. Ask your trainer for the class invitation link.';
/** Someone else (an admin, or the course's roster) ended the student's place: the link does not undo it. */
const PLACE_ENDED = 'Your trainer ended your place in this class; ask them';

async function requireInvitation(db: Database, inviteCode: string): Promise<ClassRow> {
  const row = await findClassByInviteCode(db, inviteCode);
  if (!row) throw new AppError('NOT_FOUND', NOT_VALID);
  return row;
}

/** Why a class takes no one through its link any more, or null when it does. */
function closedReason(row: ClassRow): string | null {
  const status = classStatus(row);
  if (status === 'archived') return `${row.name} has been archived and is closed to new students.`;
  if (status === 'ended')
    return `${row.name} ended on ${row.endsOn}. Ask your trainer which class to join now.`;
  return null;
}

const unitRef = z.object({ id: z.string(), unitCode: z.string(), title: z.string() });

/** What `/join/<code>` shows before joining. */
export const invitationOutput = z.object({
  name: z.string(),
  startsOn: day.nullable(),
  endsOn: day.nullable(),
  units: z.array(unitRef),
  /** Why the class takes no one any more, or not this student again; null while it is open to them. */
  closedReason: z.string().nullable(),
  alreadyJoined: z.boolean(),
});

/** What joining did: `joined` is false when the student was already in the class. */
export const joinedOutput = z.object({ className: z.string(), joined: z.boolean(), units: z.array(unitRef) });

/**
 * `/join/<code>` before joining: the class, its units, and whether it still takes students. Open to
 * anyone holding the link (the code is the secret), so a signed-out visitor learns what they join.
 */
export async function describeInvitation(ctx: Context, inviteCode: string) {
  const row = await requireInvitation(ctx.db, inviteCode);
  const units = await listClassUnits(ctx.db, row.id);
  const student = ctx.user?.role === 'student' ? ctx.user : null;
  const alreadyJoined = student ? await isOpenlyEnrolled(ctx.db, row.id, student.id) : false;
  const placeEnded =
    student && !alreadyJoined
      ? await isPlaceEndedByOther(ctx.db, { classId: row.id, studentId: student.id })
      : false;
  return {
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    units: units.map((unit) => ({ id: unit.id, unitCode: unit.unitCode, title: unit.title })),
    closedReason: closedReason(row) ?? (placeEnded ? PLACE_ENDED : null),
    alreadyJoined,
  };
}

/** The signed-in student joins the class and its units; joining twice changes nothing. */
export async function joinByInvitation(
  ctx: Context & { user: { id: string }; realUserId: string },
  inviteCode: string,
) {
  const row = await requireInvitation(ctx.db, inviteCode);
  const closed = closedReason(row);
  if (closed) throw new AppError('CONFLICT', closed);
  const studentId = ctx.user.id;
  const joined = await ctx.db.transaction(async (tx) => {
    if (await isPlaceEndedByOther(tx, { classId: row.id, studentId }))
      throw new AppError('CONFLICT', PLACE_ENDED);
    const added = await enrolInClass(tx, { classId: row.id, studentId, by: ctx.realUserId });
    if (added) {
      await recordAudit(tx, {
        actorId: ctx.realUserId,
        actingAsId: ctx.realUserId === studentId ? null : studentId,
        action: 'class.enrol',
        subjectId: studentId,
        detail: { classId: row.id, className: row.name, via: 'invitation-link' },
      });
    }
    return added;
  });
  const units = await listClassUnits(ctx.db, row.id);
  for (const unit of units)
    await ctx.events.publish({ type: 'enrolment.created', studentId, unitId: unit.id });
  return {
    className: row.name,
    joined,
    units: units.map((unit) => ({ id: unit.id, unitCode: unit.unitCode, title: unit.title })),
  };
}
