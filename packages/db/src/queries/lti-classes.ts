import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { classAssessors, classEnrolments, classes, classUnits } from '../schema/classes';
import { ltiContexts, ltiResourceLinks } from '../schema/lti';
import { identities } from '../schema/users';

/** A secret for the class invitation link; an LMS class gets one like any other. */
const newInviteCode = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16);

/**
 * The class that mirrors an LMS course (issue 19): found by its context, or made on the first launch
 * or sync, named after the course title. Undefined when an admin archived it: a launch does not
 * bring a deleted class back.
 */
export async function classForLtiContext(
  db: Database,
  contextRowId: string,
): Promise<{ id: string } | undefined> {
  const [course] = await db
    .select({ title: ltiContexts.title, label: ltiContexts.label, contextId: ltiContexts.contextId })
    .from(ltiContexts)
    .where(eq(ltiContexts.id, contextRowId));
  if (!course) return undefined;
  await db
    .insert(classes)
    .values({
      name: course.title ?? course.label ?? `Course ${course.contextId}`,
      inviteCode: newInviteCode(),
      ltiContextId: contextRowId,
    })
    .onConflictDoNothing({ target: classes.ltiContextId });
  const [row] = await db
    .select({ id: classes.id, archivedAt: classes.archivedAt })
    .from(classes)
    .where(eq(classes.ltiContextId, contextRowId));
  return row && !row.archivedAt ? { id: row.id } : undefined;
}

/** The unit a course link opens belongs to the course's class. */
export async function addClassUnit(db: Database, classId: string, unitId: string): Promise<void> {
  await db.insert(classUnits).values({ classId, unitId }).onConflictDoNothing();
}

export async function addClassAssessor(db: Database, classId: string, assessorId: string): Promise<void> {
  await db.insert(classAssessors).values({ classId, assessorId }).onConflictDoNothing();
}

/** An open enrolment, unless the student already has one in this class; true when one was made. */
export async function enrolInClass(
  db: Database,
  { classId, studentId, by }: { classId: string; studentId: string; by: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(classEnrolments)
    .values({ classId, studentId, enrolledBy: by })
    .onConflictDoNothing({
      target: [classEnrolments.classId, classEnrolments.studentId],
      where: sql`${classEnrolments.endedAt} is null`,
    })
    .returning({ id: classEnrolments.id });
  return rows.length > 0;
}

/**
 * A roster sync, written into the course's class: its units are the ones the course's links open,
 * the roster's teachers assess it, its active students are enrolled, and students who came from this
 * platform but are no longer on the roster have their enrolment ended (the row stays). Students who
 * joined the class another way (an invitation) are not the roster's to end.
 */
export async function syncClassWithRoster(
  db: Database,
  input: {
    contextRowId: string;
    issuer: string;
    students: { userId: string; subject: string }[];
    assessorIds: string[];
    actorId: string;
  },
): Promise<{ classId: string | null; enrolled: number; ended: number }> {
  return db.transaction(async (tx) => {
    const found = await classForLtiContext(tx, input.contextRowId);
    if (!found) return { classId: null, enrolled: 0, ended: 0 };
    const links = await tx
      .select({ unitId: ltiResourceLinks.unitId })
      .from(ltiResourceLinks)
      .where(
        and(eq(ltiResourceLinks.contextId, input.contextRowId), sql`${ltiResourceLinks.unitId} is not null`),
      );
    for (const link of links) if (link.unitId) await addClassUnit(tx, found.id, link.unitId);
    for (const assessorId of input.assessorIds) await addClassAssessor(tx, found.id, assessorId);
    let enrolled = 0;
    for (const student of input.students) {
      if (await enrolInClass(tx, { classId: found.id, studentId: student.userId, by: input.actorId }))
        enrolled += 1;
    }
    const fromThisPlatform = tx
      .select({ userId: identities.userId })
      .from(identities)
      .where(
        and(
          eq(identities.kind, 'lti'),
          eq(identities.issuer, input.issuer),
          input.students.length > 0
            ? notInArray(
                identities.subject,
                input.students.map((s) => s.subject),
              )
            : undefined,
        ),
      );
    const ended = await tx
      .update(classEnrolments)
      .set({ endedAt: new Date(), endedBy: input.actorId })
      .where(
        and(
          eq(classEnrolments.classId, found.id),
          isNull(classEnrolments.endedAt),
          inArray(classEnrolments.studentId, fromThisPlatform),
        ),
      )
      .returning({ id: classEnrolments.id });
    return { classId: found.id, enrolled, ended: ended.length };
  });
}
