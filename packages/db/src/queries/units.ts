import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Database, isEmbedded } from '../client';
import { enrolments, tasks, units } from '../schema/curriculum';
import { submissions } from '../schema/evidence';

export type UnitRow = typeof units.$inferSelect;
export type UnitFields = { unitCode: string; title: string; performanceEvidence: string | null };
export type UnitListItem = UnitRow & { taskCount: number; submissionCount: number };

export async function listUnits(db: Database): Promise<UnitListItem[]> {
  const taskCounts = db
    .select({ unitId: tasks.unitId, n: sql<number>`count(*)::int`.as('task_count') })
    .from(tasks)
    .groupBy(tasks.unitId)
    .as('task_counts');
  const submissionCounts = db
    .select({ unitId: tasks.unitId, n: sql<number>`count(*)::int`.as('submission_count') })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .groupBy(tasks.unitId)
    .as('submission_counts');
  return db
    .select({
      ...getTableColumns(units),
      taskCount: sql<number>`coalesce(${taskCounts.n}, 0)`,
      submissionCount: sql<number>`coalesce(${submissionCounts.n}, 0)`,
    })
    .from(units)
    .leftJoin(taskCounts, eq(taskCounts.unitId, units.id))
    .leftJoin(submissionCounts, eq(submissionCounts.unitId, units.id))
    .orderBy(asc(units.unitCode));
}

export async function findUnit(db: Database, id: string): Promise<UnitRow | undefined> {
  const [row] = await db.select().from(units).where(eq(units.id, id)).limit(1);
  return row;
}

export async function findUnitByCode(db: Database, unitCode: string): Promise<UnitRow | undefined> {
  const [row] = await db.select().from(units).where(eq(units.unitCode, unitCode)).limit(1);
  return row;
}

/** Undefined when the code is taken. */
export async function insertUnit(db: Database, fields: UnitFields): Promise<UnitRow | undefined> {
  const [row] = await db.insert(units).values(fields).onConflictDoNothing().returning();
  return row;
}

export async function updateUnit(
  db: Database,
  { id, fields }: { id: string; fields: Partial<UnitFields> & { mappingDocument?: string | null } },
): Promise<UnitRow | undefined> {
  const [row] = await db
    .update(units)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(units.id, id))
    .returning();
  return row;
}

/** Archives (`archivedBy` set) or restores (null) a unit; undefined when there is no such unit. */
export async function setUnitArchived(
  db: Database,
  { id, archivedBy, at = new Date() }: { id: string; archivedBy: string | null; at?: Date },
): Promise<UnitRow | undefined> {
  const [row] = await db
    .update(units)
    .set({ archivedAt: archivedBy ? at : null, archivedBy })
    .where(eq(units.id, id))
    .returning();
  return row;
}

export async function deleteUnit(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(units).where(eq(units.id, id)).returning({ id: units.id });
  return deleted.length > 0;
}

export async function countUnitSubmissions(db: Database, unitId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(eq(tasks.unitId, unitId));
  return row?.n ?? 0;
}

export async function enrol(
  db: Database,
  { studentId, unitId }: { studentId: string; unitId: string },
): Promise<void> {
  await db.insert(enrolments).values({ studentId, unitId }).onConflictDoNothing();
}

/** Serialises work on one unit code across connections and instances, until the transaction ends. */
export async function lockUnitCode(tx: Database, unitCode: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unit:${unitCode}`}))`);
}

/**
 * Runs `work` while holding the right to generate `unitCode`'s tasks, for as long as it takes (the
 * generator may call a paid API for many seconds), so server processes sharing a PostgreSQL database
 * generate a new unit once between them. There it is a transaction-scoped advisory lock, with `work`
 * running inside that transaction on the connection it is given (transactions it opens become
 * savepoints). An embedded database belongs to this process alone, and an open transaction would
 * stall every other request, so there `work` simply runs: the caller keeps to one at a time.
 */
export async function whileGeneratingUnit<T>(
  db: Database,
  unitCode: string,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  if (isEmbedded(db)) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unit-generation:${unitCode}`}))`);
    return work(tx);
  });
}
