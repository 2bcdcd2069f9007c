import { randomBytes } from 'node:crypto';
import type { Database } from '@evident/db/client';
import { classAssessors, classEnrolments, classes, classUnits } from '@evident/db/schema';

/**
 * A class written straight into the tables, for tests of who sees whom: the admin Classes screen and
 * its procedures are tested on their own. `endedStudentIds` were enrolled and have left.
 */
export async function seedClass(
  db: Database,
  options: {
    name: string;
    unitIds: string[];
    assessorIds: string[];
    studentIds: string[];
    endedStudentIds?: string[];
    archived?: boolean;
  },
) {
  const [row] = await db
    .insert(classes)
    .values({
      name: options.name,
      inviteCode: randomBytes(12).toString('base64url'),
      archivedAt: options.archived ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('class not created');
  const classId = row.id;
  if (options.unitIds.length) {
    await db.insert(classUnits).values(options.unitIds.map((unitId) => ({ classId, unitId })));
  }
  if (options.assessorIds.length) {
    await db
      .insert(classAssessors)
      .values(options.assessorIds.map((assessorId) => ({ classId, assessorId })));
  }
  const ended = options.endedStudentIds ?? [];
  const enrolled = [
    ...options.studentIds.map((studentId) => ({ classId, studentId, endedAt: null })),
    ...ended.map((studentId) => ({ classId, studentId, endedAt: new Date() })),
  ];
  if (enrolled.length) await db.insert(classEnrolments).values(enrolled);
  return row;
}
