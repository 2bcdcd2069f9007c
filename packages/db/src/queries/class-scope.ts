import { and, asc, type Column, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { classAssessors, classEnrolments, classes, userPreferences } from '../schema/classes';
import { users } from '../schema/users';

/**
 * Whose work a reader sees. An assessor sees the students of the classes they assess (an open
 * enrolment in a class that is not archived) and every student in no such class, as before classes
 * existed, unless they see their classes only (`users.classes_only`: an LMS launch made them, and
 * their courses are their classes); an admin sees everyone. A class filter narrows either to that
 * class's open enrolments.
 */
export type StudentScope = {
  /** The assessor whose classes bound the view; null for an admin. */
  assessorId: string | null;
  /** Only the students with an open enrolment in this class (already checked to be visible). */
  classId?: string | null;
  /**
   * The reader, whose own work (a student made an assessor keeps theirs) is never theirs to judge,
   * so never among the work they are shown.
   */
  readerId?: string | null;
};

/**
 * A condition on a student id column (`users.id`, or `sql\`e.student_id\`` in raw SQL) that holds
 * for the students in scope. Correlated EXISTS on the indexed enrolment columns, so the planner can
 * start from a class's few enrolments rather than every student's submissions.
 */
export function studentInScope(studentId: Column | SQL, scope: StudentScope): SQL | undefined {
  const notOwn = scope.readerId ? sql`${studentId} <> ${scope.readerId}` : undefined;
  return and(notOwn, classCondition(studentId, scope));
}

function classCondition(studentId: Column | SQL, scope: StudentScope): SQL | undefined {
  if (scope.classId) {
    // A class the reader may filter by is one they assess (or any, for an admin): its students are all theirs.
    return sql`exists (select 1 from class_enrolments sce
      where sce.class_id = ${scope.classId} and sce.student_id = ${studentId} and sce.ended_at is null)`;
  }
  if (!scope.assessorId) return undefined;
  return sql`(exists (select 1 from class_enrolments sce
        join class_assessors sca on sca.class_id = sce.class_id and sca.assessor_id = ${scope.assessorId}
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = ${studentId} and sce.ended_at is null)
    or (not exists (select 1 from users sa where sa.id = ${scope.assessorId} and sa.classes_only)
      and not exists (select 1 from class_enrolments sce
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = ${studentId} and sce.ended_at is null)))`;
}

/**
 * `studentInScope` turned around, for the live stream, where one event meets many assessors: of
 * these students, each one with an open enrolment in a class that is not archived, with the
 * assessors of those classes (perhaps none). A student left out is in no class: every assessor sees them.
 */
export async function findScopingAssessors(
  db: Database,
  studentIds: string[],
): Promise<Map<string, Set<string>>> {
  const scoped = new Map<string, Set<string>>();
  if (studentIds.length === 0) return scoped;
  const rows = await db
    .select({ studentId: classEnrolments.studentId, assessorId: classAssessors.assessorId })
    .from(classEnrolments)
    .innerJoin(classes, and(eq(classes.id, classEnrolments.classId), isNull(classes.archivedAt)))
    .leftJoin(classAssessors, eq(classAssessors.classId, classEnrolments.classId))
    .where(
      and(inArray(classEnrolments.studentId, [...new Set(studentIds)]), isNull(classEnrolments.endedAt)),
    );
  for (const { studentId, assessorId } of rows) {
    const assessors = scoped.get(studentId) ?? new Set<string>();
    if (assessorId) assessors.add(assessorId);
    scoped.set(studentId, assessors);
  }
  return scoped;
}

/** Whether this assessor sees the students of their classes only (`users.classes_only`), not those in no class too. */
export async function seesClassesOnly(db: Database, assessorId: string): Promise<boolean> {
  const [row] = await db
    .select({ classesOnly: users.classesOnly })
    .from(users)
    .where(eq(users.id, assessorId));
  return row?.classesOnly ?? false;
}

export type VisibleClass = { id: string; name: string };

/** The classes a reader may filter by, by name: an assessor's own, or every class for an admin; never archived ones. */
export async function listVisibleClasses(
  db: Database,
  { assessorId }: { assessorId: string | null },
): Promise<VisibleClass[]> {
  const notArchived = isNull(classes.archivedAt);
  if (!assessorId) {
    return db
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(notArchived)
      .orderBy(asc(classes.name), asc(classes.id));
  }
  return db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .innerJoin(
      classAssessors,
      and(eq(classAssessors.classId, classes.id), eq(classAssessors.assessorId, assessorId)),
    )
    .where(notArchived)
    .orderBy(asc(classes.name), asc(classes.id));
}

/** Whether the reader may filter by (or open the matrix for) this class. */
export async function isClassVisible(
  db: Database,
  { classId, assessorId }: { classId: string; assessorId: string | null },
): Promise<boolean> {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.id, classId),
        isNull(classes.archivedAt),
        assessorId
          ? sql`exists (select 1 from class_assessors ca where ca.class_id = ${classes.id} and ca.assessor_id = ${assessorId})`
          : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Of these students, those outside the scope (or not students at all). */
export async function findStudentsOutOfScope(
  db: Database,
  { studentIds, scope }: { studentIds: string[]; scope: StudentScope },
): Promise<string[]> {
  const wanted = [...new Set(studentIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.role, 'student'), studentInScope(users.id, scope)));
  const inScope = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => !inScope.has(id));
}

/** The class the person last filtered by; null for 'all'. */
export async function readClassFilter(db: Database, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db
    .select({ classId: userPreferences.classFilterId })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.classId ?? null;
}

/** Remembers the person's class filter (null: all), making their preferences row on first use. */
export async function saveClassFilter(
  db: Database,
  { userId, classId, at = new Date() }: { userId: string; classId: string | null; at?: Date },
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, classFilterId: classId, updatedAt: at })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { classFilterId: classId, updatedAt: at },
    });
}
