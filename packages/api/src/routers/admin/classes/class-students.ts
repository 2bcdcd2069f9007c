import {
  type addStudentsInput,
  type classMemberInput,
  type EmailOutcome,
  emailOutcomeLabels,
  type Invitee,
  parseInvitee,
} from '@evident/core/classes';
import { AppError } from '@evident/core/errors';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import {
  type ClassRow,
  endClassEnrolment,
  enrolInClass,
  findUsersByEmails,
  findUsersByIds,
  listClassUnits,
} from '@evident/db/queries/classes';
import { findUserByEmail, insertUser, type UserRow } from '@evident/db/queries/users';
import type { z } from 'zod';
import type { AuthedContext } from '../../../context';
import { queueInvitationMail } from '../../invitation/invitation-mail';
import { actorName, getClass, requireClass, requireOpenClass } from './classes';

export type StudentResult = {
  email: string;
  outcome: EmailOutcome;
  message: string;
  userId: string | null;
  name: string | null;
};

const result = (email: string, outcome: EmailOutcome, person?: UserRow): StudentResult => ({
  email,
  outcome,
  message: emailOutcomeLabels[outcome],
  userId: person?.id ?? null,
  name: person ? fullName(person) : null,
});

type Enrolled = { studentId: string; created: boolean };

/** `POST /api/admin/classes/{id}/students`: by `userIds` (students only, all or none) or by `emails`. */
export async function addStudents(ctx: AuthedContext, input: z.output<typeof addStudentsInput>) {
  const row = await requireOpenClass(ctx.db, input.id);
  const { results, enrolled, invited } = input.userIds
    ? await enrolByIds(ctx, row, input.userIds)
    : await enrolByEmails(ctx, row, input.emails ?? []);
  if (invited > 0) ctx.jobs.wake();
  const units = await listClassUnits(ctx.db, row.id);
  for (const { studentId, created } of enrolled) {
    if (created) await ctx.events.publish({ type: 'user.changed', userId: studentId });
    for (const unit of units)
      await ctx.events.publish({ type: 'enrolment.created', studentId, unitId: unit.id });
  }
  return { class: await getClass(ctx, row.id), results };
}

async function auditEnrolment(
  ctx: AuthedContext,
  db: Database,
  row: ClassRow,
  person: UserRow,
  via: 'admin' | 'email',
) {
  await recordAudit(db, {
    actorId: ctx.realUserId,
    action: 'class.enrol',
    subjectId: person.id,
    detail: {
      classId: row.id,
      className: row.name,
      via,
      actorName: actorName(ctx),
      subjectName: fullName(person),
    },
  });
}

async function enrolByIds(ctx: AuthedContext, row: ClassRow, userIds: string[]) {
  const people = await findUsersByIds(ctx.db, userIds);
  const missing = userIds.find((id) => !people.some((person) => person.id === id));
  if (missing) throw new AppError('NOT_FOUND', `User ${missing} not found`);
  const refused = people.find((person) => person.role !== 'student' || person.deactivatedAt);
  if (refused) {
    const why = refused.role !== 'student' ? 'is not a student' : 'is deactivated';
    throw new AppError('BAD_REQUEST', `${fullName(refused)} ${why} and cannot be enrolled`);
  }
  return ctx.db.transaction(async (tx) => {
    const results: StudentResult[] = [];
    const enrolled: Enrolled[] = [];
    for (const person of people) {
      const added = await enrolInClass(tx, { classId: row.id, studentId: person.id, by: ctx.realUserId });
      if (added) await auditEnrolment(ctx, tx, row, person, 'admin');
      enrolled.push({ studentId: person.id, created: false });
      results.push(result(person.email, added ? 'enrolled' : 'already_enrolled', person));
    }
    return { results, enrolled, invited: 0 };
  });
}

/**
 * Existing students are enrolled; an email no one has gets a new student account without a password
 * and an invitation mail whose link opens the class's welcome screen, where they choose one. Anyone
 * else is reported, not enrolled. One transaction: the accounts, enrolments, tokens and mails commit
 * together.
 */
async function enrolByEmails(ctx: AuthedContext, row: ClassRow, lines: string[]) {
  const seen = new Set<string>();
  const parsed: { line: string; invitee: Invitee | null }[] = [];
  for (const line of lines.map((text) => text.trim()).filter(Boolean)) {
    const invitee = parseInvitee(line);
    if (invitee && seen.has(invitee.email)) continue;
    if (invitee) seen.add(invitee.email);
    parsed.push({ line, invitee });
  }
  const existing = await findUsersByEmails(
    ctx.db,
    parsed.flatMap(({ invitee }) => (invitee ? [invitee.email] : [])),
  );
  const units = await listClassUnits(ctx.db, row.id);
  return ctx.db.transaction(async (tx) => {
    const results: StudentResult[] = [];
    const enrolled: Enrolled[] = [];
    let invited = 0;
    for (const { line, invitee } of parsed) {
      if (!invitee) {
        results.push(result(line, 'invalid'));
        continue;
      }
      let person = existing.find((user) => user.email.toLowerCase() === invitee.email);
      if (person && person.role !== 'student') {
        results.push(result(invitee.email, 'not_a_student', person));
        continue;
      }
      if (person?.deactivatedAt) {
        results.push(result(invitee.email, 'deactivated', person));
        continue;
      }
      let created = false;
      if (!person) {
        person =
          (await insertUser(tx, { ...invitee, role: 'student', passwordHash: null })) ??
          (await findUserByEmail(tx, invitee.email));
        if (!person) throw new Error(`account for ${invitee.email} vanished`);
        created = true;
        await inviteNewStudent(ctx, tx, row, person, units);
        invited += 1;
      }
      const added = await enrolInClass(tx, { classId: row.id, studentId: person.id, by: ctx.realUserId });
      if (added) await auditEnrolment(ctx, tx, row, person, 'email');
      enrolled.push({ studentId: person.id, created });
      results.push(
        result(invitee.email, created ? 'invited' : added ? 'enrolled' : 'already_enrolled', person),
      );
    }
    return { results, enrolled, invited };
  });
}

async function inviteNewStudent(
  ctx: AuthedContext,
  tx: Database,
  row: ClassRow,
  person: UserRow,
  units: { unitCode: string; title: string }[],
) {
  await queueInvitationMail(tx, {
    publicUrl: ctx.publicUrl,
    person,
    className: row.name,
    units,
    invitedBy: actorName(ctx),
  });
  await recordAudit(tx, {
    actorId: ctx.realUserId,
    action: 'class.invite',
    subjectId: person.id,
    detail: { classId: row.id, className: row.name, actorName: actorName(ctx), subjectEmail: person.email },
  });
}

/**
 * `DELETE /api/admin/classes/{id}/students/{userId}`: ends the enrolment (kept, with when and by whom).
 * Allowed on an archived class too, so an admin can close its record.
 */
export async function endEnrolment(ctx: AuthedContext, input: z.output<typeof classMemberInput>) {
  const row = await requireClass(ctx.db, input.id);
  const ended = await ctx.db.transaction(async (tx) => {
    const enrolment = await endClassEnrolment(tx, {
      classId: row.id,
      studentId: input.userId,
      by: ctx.realUserId,
      at: new Date(),
    });
    if (!enrolment) return false;
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'class.enrolment-end',
      subjectId: input.userId,
      detail: { classId: row.id, className: row.name, actorName: actorName(ctx) },
    });
    return true;
  });
  if (!ended) throw new AppError('NOT_FOUND', 'This student has no current enrolment in the class');
  return getClass(ctx, row.id);
}
