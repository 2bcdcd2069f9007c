import type { Role } from '@evident/core/roles';
import type { Database } from '../client';
import type { EvidenceFileRow } from '../queries/evidence-files';
import type { SubmissionRow } from '../queries/submissions';
import type { TaskRow } from '../queries/tasks';
import type { RequirementRow } from '../queries/unit-requirements';
import type { UnitRow } from '../queries/units';
import type { UserRow } from '../queries/users';
import { enrolments, taskRequirements, tasks, unitRequirements, units } from '../schema/curriculum';
import { evidenceFiles, submissions } from '../schema/evidence';
import { users } from '../schema/users';

/**
 * Rows for tests, one call each, with defaults for every column a test does not care about. Only
 * for tests: nothing here checks what the product's procedures check.
 */

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`factory inserted no ${what}`);
  return row;
}

/** A person of any role; assessors are approved unless `approved: false`. */
export async function buildUser(
  db: Database,
  fields: Partial<Omit<UserRow, 'id' | 'createdAt'>> & { role?: Role; approved?: boolean } = {},
): Promise<UserRow> {
  const n = next();
  const { approved = true, role = 'student', ...rest } = fields;
  return one(
    await db
      .insert(users)
      .values({
        firstName: 'Test',
        lastName: `Person${n}`,
        role,
        approvedAt: role === 'assessor' && approved ? new Date() : null,
        ...rest,
        email: (rest.email ?? `${role}.factory${n}@example.com`).toLowerCase(),
      })
      .returning(),
    'user',
  );
}

export async function buildUnit(
  db: Database,
  fields: Partial<Omit<UnitRow, 'id' | 'createdAt' | 'updatedAt'>> = {},
): Promise<UnitRow> {
  const n = next();
  return one(
    await db
      .insert(units)
      .values({ unitCode: `TEST${String(n).padStart(4, '0')}`, title: `Test unit ${n}`, ...fields })
      .returning(),
    'unit',
  );
}

/** A task at the end of its unit's list. */
export async function buildTask(
  db: Database,
  fields: Partial<Omit<TaskRow, 'id' | 'createdAt'>> & { unitId: string },
): Promise<TaskRow> {
  const n = next();
  return one(
    await db
      .insert(tasks)
      .values({ position: n, title: `Task ${n}`, ...fields })
      .returning(),
    'task',
  );
}

export async function buildEnrolment(db: Database, fields: { studentId: string; unitId: string }) {
  await db.insert(enrolments).values(fields).onConflictDoNothing();
}

/** A submission in any status (`submitted` unless told); graded statuses get a grading time. */
export async function buildSubmission(
  db: Database,
  fields: Partial<Omit<SubmissionRow, 'id'>> & { studentId: string; taskId: string },
): Promise<SubmissionRow> {
  const status = fields.status ?? 'submitted';
  const graded = status === 'satisfactory' || status === 'not_yet_satisfactory';
  return one(
    await db
      .insert(submissions)
      .values({ status, gradedAt: graded ? new Date() : null, ...fields })
      .returning(),
    'submission',
  );
}

/** An evidence file row (no bytes are stored): a small JPEG unless told otherwise. */
export async function buildEvidenceFile(
  db: Database,
  fields: Partial<Omit<EvidenceFileRow, 'id'>> & { submissionId: string },
): Promise<EvidenceFileRow> {
  const n = next();
  return one(
    await db
      .insert(evidenceFiles)
      .values({
        objectPath: `evidence/factory/${crypto.randomUUID()}/photo${n}.jpg`,
        fileName: `photo${n}.jpg`,
        fileType: 'image/jpeg',
        fileSize: 1024,
        ...fields,
      })
      .returning(),
    'evidence file',
  );
}

/**
 * A requirement item of a unit (`PE 1` of release '1' unless told), at the end of its release; with
 * `taskIds` the tasks map it. Sets nothing on the unit: give the unit the same `release` to make it current.
 */
export async function buildRequirement(
  db: Database,
  fields: Partial<Omit<RequirementRow, 'id' | 'createdAt'>> & { unitId: string; taskIds?: string[] },
): Promise<RequirementRow> {
  const n = next();
  const { taskIds = [], ...rest } = fields;
  const section = rest.section ?? 'pe';
  const row = one(
    await db
      .insert(unitRequirements)
      .values({
        release: '1',
        section,
        key: `${section === 'element' ? 'E' : section.toUpperCase()} ${n}`,
        text: `Requirement ${n}`,
        position: n,
        ...rest,
      })
      .returning(),
    'requirement',
  );
  if (taskIds.length > 0)
    await db.insert(taskRequirements).values(taskIds.map((taskId) => ({ taskId, requirementId: row.id })));
  return row;
}
