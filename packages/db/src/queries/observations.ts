import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { taskRequirements, tasks, unitRequirements, units } from '../schema/curriculum';
import { submissions } from '../schema/evidence';
import { type ObservationItem, observations } from '../schema/outcomes';
import { users } from '../schema/users';

export type ObservationRow = typeof observations.$inferSelect;

/** A checklist line's requirement: its key, section and the register's words. */
export type ChecklistRequirement = { key: string; section: string; text: string; release: string };

/**
 * The requirement items a task is mapped to, in the unit's order: the checklist's lines. A task may
 * keep an older release's item beside the current one's of the same key; the current release wins.
 */
export async function listTaskChecklist(db: Database, taskId: string): Promise<ChecklistRequirement[]> {
  const rows = await db
    .select({
      key: unitRequirements.key,
      section: unitRequirements.section,
      text: unitRequirements.text,
      release: unitRequirements.release,
      currentRelease: units.release,
    })
    .from(taskRequirements)
    .innerJoin(unitRequirements, eq(unitRequirements.id, taskRequirements.requirementId))
    .innerJoin(units, eq(units.id, unitRequirements.unitId))
    .where(eq(taskRequirements.taskId, taskId))
    .orderBy(asc(unitRequirements.position), asc(unitRequirements.key));
  const byKey = new Map<string, ChecklistRequirement>();
  for (const { currentRelease, ...row } of rows) {
    const kept = byKey.get(row.key);
    if (!kept || row.release === currentRelease) byKey.set(row.key, row);
  }
  return [...byKey.values()];
}

/** The release the task's unit holds now: what an observation recorded today judged against. */
export async function findTaskUnitRelease(db: Database, taskId: string): Promise<string | null> {
  const [row] = await db
    .select({ release: units.release })
    .from(tasks)
    .innerJoin(units, eq(units.id, tasks.unitId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  return row?.release ?? null;
}

/** The observation an assessor already recorded under this client key, with whose task it was. */
export async function findObservationByClientKey(
  db: Database,
  { assessorId, clientKey }: { assessorId: string; clientKey: string },
): Promise<(ObservationRow & { studentId: string; taskId: string }) | undefined> {
  const [row] = await db
    .select({ observation: observations, studentId: submissions.studentId, taskId: submissions.taskId })
    .from(observations)
    .innerJoin(submissions, eq(submissions.id, observations.submissionId))
    .where(and(eq(observations.assessorId, assessorId), eq(observations.clientKey, clientKey)))
    .limit(1);
  return row ? { ...row.observation, studentId: row.studentId, taskId: row.taskId } : undefined;
}

/** Undefined when the assessor's client key is already taken (a concurrent retry got there first). */
export async function insertObservationOnce(
  db: Database,
  values: {
    submissionId: string;
    assessorId: string;
    actingAdminId: string | null;
    observedOn: string;
    place: string;
    durationMinutes: number;
    signedName: string;
    unitRelease: string | null;
    items: ObservationItem[];
    clientKey: string | null;
  },
): Promise<ObservationRow | undefined> {
  const [row] = await db.insert(observations).values(values).onConflictDoNothing().returning();
  return row;
}

export type ObservationWithNames = ObservationRow & {
  assessorName: string | null;
  actingAdminName: string | null;
  /** Each item's requirement words, of the release the observation judged (else any release). */
  itemTexts: Map<string, string>;
};

/** Who observed (and the admin behind them), by id. */
async function namesOf(db: Database, rows: ObservationRow[]): Promise<Map<string, string>> {
  const people = [...new Set(rows.flatMap((row) => [row.assessorId, row.actingAdminId]))].filter(
    (id): id is string => id !== null,
  );
  if (people.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, people));
  return new Map(found.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]));
}

/** The words of every requirement of the units these submissions' tasks belong to. */
async function requirementTexts(db: Database, submissionIds: string[]) {
  const rows = await db
    .select({
      submissionId: submissions.id,
      release: unitRequirements.release,
      key: unitRequirements.key,
      text: unitRequirements.text,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(unitRequirements, eq(unitRequirements.unitId, tasks.unitId))
    .where(inArray(submissions.id, submissionIds));
  return (row: ObservationRow): Map<string, string> => {
    const texts = new Map<string, string>();
    for (const requirement of rows) {
      if (requirement.submissionId !== row.submissionId) continue;
      if (requirement.release === row.unitRelease || !texts.has(requirement.key))
        texts.set(requirement.key, requirement.text);
    }
    return texts;
  };
}

/** The observations on these submissions, oldest first, with who observed and what each item says. */
export async function listObservations(
  db: Database,
  submissionIds: string[],
): Promise<ObservationWithNames[]> {
  const ids = [...new Set(submissionIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(observations)
    .where(inArray(observations.submissionId, ids))
    .orderBy(asc(observations.createdAt), asc(observations.id));
  if (rows.length === 0) return [];
  const observed = [...new Set(rows.map((row) => row.submissionId))];
  const [names, textsOf] = await Promise.all([namesOf(db, rows), requirementTexts(db, observed)]);
  return rows.map((row) => ({
    ...row,
    assessorName: (row.assessorId && names.get(row.assessorId)) || null,
    actingAdminName: (row.actingAdminId && names.get(row.actingAdminId)) || null,
    itemTexts: textsOf(row),
  }));
}

/** Whose each of these submissions is; a submission that does not exist is left out. */
export async function findSubmissionStudents(
  db: Database,
  submissionIds: string[],
): Promise<{ id: string; studentId: string }[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select({ id: submissions.id, studentId: submissions.studentId })
    .from(submissions)
    .where(inArray(submissions.id, submissionIds));
}
