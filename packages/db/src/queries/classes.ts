import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { classAssessors, classEnrolments, classes, classUnits } from '../schema/classes';
import { enrolments, units } from '../schema/curriculum';
import { users } from '../schema/users';
import { userSummaryColumns } from './users';

/** Classes' administration (issue 19): the admin screen, the REST paths and the invitation link. */

export type ClassRow = typeof classes.$inferSelect;
export type ClassFields = { name: string; startsOn: string | null; endsOn: string | null };

const unitSummary = {
  id: units.id,
  unitCode: units.unitCode,
  title: units.title,
  archivedAt: units.archivedAt,
};

/** Every class, newest first (archived ones last), with its units and how many assessors and current students. */
export async function listClasses(db: Database) {
  const [rows, unitRows, studentCounts, assessorCounts] = await Promise.all([
    db
      .select({
        id: classes.id,
        name: classes.name,
        startsOn: classes.startsOn,
        endsOn: classes.endsOn,
        createdAt: classes.createdAt,
        archivedAt: classes.archivedAt,
      })
      .from(classes)
      .orderBy(sql`${classes.archivedAt} is not null`, desc(classes.createdAt), asc(classes.id)),
    db
      .select({ classId: classUnits.classId, ...unitSummary })
      .from(classUnits)
      .innerJoin(units, eq(units.id, classUnits.unitId))
      .orderBy(asc(units.unitCode)),
    db
      .select({ classId: classEnrolments.classId, n: sql<number>`count(*)::int` })
      .from(classEnrolments)
      .where(isNull(classEnrolments.endedAt))
      .groupBy(classEnrolments.classId),
    db
      .select({ classId: classAssessors.classId, n: sql<number>`count(*)::int` })
      .from(classAssessors)
      .groupBy(classAssessors.classId),
  ]);
  const countOf = (counts: { classId: string; n: number }[], id: string) =>
    counts.find((row) => row.classId === id)?.n ?? 0;
  return rows.map((row) => ({
    ...row,
    studentCount: countOf(studentCounts, row.id),
    assessorCount: countOf(assessorCounts, row.id),
    units: unitRows.filter((unit) => unit.classId === row.id).map(({ classId: _c, ...unit }) => unit),
  }));
}

export async function findClass(db: Database, id: string): Promise<ClassRow | undefined> {
  const [row] = await db.select().from(classes).where(eq(classes.id, id)).limit(1);
  return row;
}

export async function findClassByInviteCode(db: Database, inviteCode: string): Promise<ClassRow | undefined> {
  const [row] = await db.select().from(classes).where(eq(classes.inviteCode, inviteCode)).limit(1);
  return row;
}

export async function listClassUnits(db: Database, classId: string) {
  return db
    .select(unitSummary)
    .from(classUnits)
    .innerJoin(units, eq(units.id, classUnits.unitId))
    .where(eq(classUnits.classId, classId))
    .orderBy(asc(units.unitCode));
}

const endedBy = alias(users, 'class_enrolment_ended_by');

/** A class's units, assessors and every enrolment, open ones first, then ended ones (newest first). */
export async function classMembers(db: Database, classId: string) {
  const [unitRows, assessorRows, enrolmentRows] = await Promise.all([
    listClassUnits(db, classId),
    db
      .select({ ...userSummaryColumns, addedAt: classAssessors.addedAt })
      .from(classAssessors)
      .innerJoin(users, eq(users.id, classAssessors.assessorId))
      .where(eq(classAssessors.classId, classId))
      .orderBy(asc(users.lastName), asc(users.firstName)),
    db
      .select({
        id: classEnrolments.id,
        student: userSummaryColumns,
        enrolledAt: classEnrolments.enrolledAt,
        endedAt: classEnrolments.endedAt,
        endedByName: sql<string | null>`case when ${endedBy.id} is null then null
          else ${endedBy.firstName} || ' ' || ${endedBy.lastName} end`,
        /** A new account that has not set its password yet. */
        invitationPending: sql<boolean>`(${users.passwordHash} is null)`,
      })
      .from(classEnrolments)
      .innerJoin(users, eq(users.id, classEnrolments.studentId))
      .leftJoin(endedBy, eq(endedBy.id, classEnrolments.endedBy))
      .where(eq(classEnrolments.classId, classId))
      .orderBy(
        sql`${classEnrolments.endedAt} is not null`,
        desc(classEnrolments.endedAt),
        asc(users.lastName),
        asc(users.firstName),
      ),
  ]);
  return { units: unitRows, assessors: assessorRows, enrolments: enrolmentRows };
}

export async function insertClass(
  db: Database,
  fields: ClassFields & { inviteCode: string; createdBy: string },
): Promise<ClassRow> {
  const [row] = await db.insert(classes).values(fields).returning();
  if (!row) throw new Error('class insert returned no row');
  return row;
}

export async function updateClassFields(db: Database, id: string, fields: ClassFields): Promise<void> {
  await db.update(classes).set(fields).where(eq(classes.id, id));
}

/** Replaces the class's units; returns the units newly added, whose units open students must join. */
export async function setClassUnits(db: Database, classId: string, unitIds: string[]): Promise<string[]> {
  const before = new Set(
    (
      await db.select({ unitId: classUnits.unitId }).from(classUnits).where(eq(classUnits.classId, classId))
    ).map((row) => row.unitId),
  );
  const removed = [...before].filter((id) => !unitIds.includes(id));
  if (removed.length > 0)
    await db
      .delete(classUnits)
      .where(and(eq(classUnits.classId, classId), inArray(classUnits.unitId, removed)));
  const added = unitIds.filter((id) => !before.has(id));
  if (added.length > 0) await db.insert(classUnits).values(added.map((unitId) => ({ classId, unitId })));
  return added;
}

/** The units among `ids` that exist, with whether each is archived. */
export async function findUnitsByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(unitSummary).from(units).where(inArray(units.id, ids));
}

export async function archiveClass(db: Database, { id, by, at }: { id: string; by: string; at: Date }) {
  const [row] = await db
    .update(classes)
    .set({ archivedAt: at, archivedBy: by })
    .where(and(eq(classes.id, id), isNull(classes.archivedAt)))
    .returning({ id: classes.id });
  return row !== undefined;
}

export async function setInviteCode(db: Database, id: string, inviteCode: string): Promise<void> {
  await db.update(classes).set({ inviteCode }).where(eq(classes.id, id));
}

/** Returns the assessors newly added (one already in the class is left as is). */
export async function addClassAssessors(db: Database, classId: string, assessorIds: string[]) {
  if (assessorIds.length === 0) return [];
  const rows = await db
    .insert(classAssessors)
    .values(assessorIds.map((assessorId) => ({ classId, assessorId })))
    .onConflictDoNothing()
    .returning({ assessorId: classAssessors.assessorId });
  return rows.map((row) => row.assessorId);
}

export async function removeClassAssessor(db: Database, classId: string, assessorId: string) {
  const rows = await db
    .delete(classAssessors)
    .where(and(eq(classAssessors.classId, classId), eq(classAssessors.assessorId, assessorId)))
    .returning({ assessorId: classAssessors.assessorId });
  return rows.length > 0;
}

export async function findUsersByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function findUsersByEmails(db: Database, emails: string[]) {
  if (emails.length === 0) return [];
  const lower = emails.map((email) => email.toLowerCase());
  return db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lower));
}

/**
 * Puts the student in the class and in each of its units (the `enrolments` their task list reads),
 * unless they are in it already. Returns whether a new class enrolment was made.
 */
export async function enrolInClass(
  db: Database,
  { classId, studentId, by }: { classId: string; studentId: string; by: string | null },
): Promise<boolean> {
  const [row] = await db
    .insert(classEnrolments)
    .values({ classId, studentId, enrolledBy: by })
    .onConflictDoNothing()
    .returning({ id: classEnrolments.id });
  await enrolInClassUnits(db, { classId, studentIds: [studentId] });
  return row !== undefined;
}

/** The class's units for each student, kept as they are where a student already has one. */
export async function enrolInClassUnits(
  db: Database,
  { classId, studentIds, unitIds }: { classId: string; studentIds: string[]; unitIds?: string[] },
): Promise<void> {
  if (studentIds.length === 0) return;
  const unitRows = unitIds
    ? unitIds.map((unitId) => ({ unitId }))
    : await db.select({ unitId: classUnits.unitId }).from(classUnits).where(eq(classUnits.classId, classId));
  const values = studentIds.flatMap((studentId) => unitRows.map(({ unitId }) => ({ studentId, unitId })));
  if (values.length > 0) await db.insert(enrolments).values(values).onConflictDoNothing();
}

/** The students with an open enrolment in the class. */
export async function openStudentIds(db: Database, classId: string): Promise<string[]> {
  const rows = await db
    .select({ studentId: classEnrolments.studentId })
    .from(classEnrolments)
    .where(and(eq(classEnrolments.classId, classId), isNull(classEnrolments.endedAt)));
  return rows.map((row) => row.studentId);
}

export async function isOpenlyEnrolled(db: Database, classId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: classEnrolments.id })
    .from(classEnrolments)
    .where(
      and(
        eq(classEnrolments.classId, classId),
        eq(classEnrolments.studentId, studentId),
        isNull(classEnrolments.endedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the student's latest place in the class was ended by someone else (an admin, or the
 * course's roster): that decision is not theirs to undo through the invitation link.
 */
export async function isPlaceEndedByOther(
  db: Database,
  { classId, studentId }: { classId: string; studentId: string },
): Promise<boolean> {
  const [latest] = await db
    .select({ endedAt: classEnrolments.endedAt, endedBy: classEnrolments.endedBy })
    .from(classEnrolments)
    .where(and(eq(classEnrolments.classId, classId), eq(classEnrolments.studentId, studentId)))
    // An open place first; otherwise the one that ended last.
    .orderBy(sql`${classEnrolments.endedAt} is null desc`, desc(classEnrolments.endedAt))
    .limit(1);
  return latest?.endedAt != null && latest.endedBy !== studentId;
}

/**
 * Ends the student's open enrolment: the row stays with when and by whom. Their unit enrolments,
 * tasks and evidence stay too (the record is theirs). Returns the ended row, or undefined if none was open.
 */
export async function endClassEnrolment(
  db: Database,
  { classId, studentId, by, at }: { classId: string; studentId: string; by: string; at: Date },
) {
  const [row] = await db
    .update(classEnrolments)
    .set({ endedAt: at, endedBy: by })
    .where(
      and(
        eq(classEnrolments.classId, classId),
        eq(classEnrolments.studentId, studentId),
        isNull(classEnrolments.endedAt),
      ),
    )
    .returning();
  return row;
}
