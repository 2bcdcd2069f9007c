import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { enrolments, tasks, units } from '../schema/curriculum';
import {
  type ThirdPartyReportItem,
  thirdPartyReports,
  thirdPartyRequests,
  thirdPartyRequestTasks,
  thirdPartyVerifications,
} from '../schema/third-party';
import { users } from '../schema/users';

export type ThirdPartyRequestRow = typeof thirdPartyRequests.$inferSelect;
export type ThirdPartyReportRow = typeof thirdPartyReports.$inferSelect;
export type ThirdPartyVerificationRow = typeof thirdPartyVerifications.$inferSelect;

/** Of these tasks, those in units the student is enrolled in, live (not archived), with their titles. */
export async function findEnrolledTasks(
  db: Database,
  { studentId, taskIds }: { studentId: string; taskIds: string[] },
): Promise<{ id: string; title: string; unitCode: string }[]> {
  if (taskIds.length === 0) return [];
  return db
    .select({ id: tasks.id, title: tasks.title, unitCode: units.unitCode })
    .from(tasks)
    .innerJoin(units, eq(units.id, tasks.unitId))
    .innerJoin(enrolments, and(eq(enrolments.unitId, tasks.unitId), eq(enrolments.studentId, studentId)))
    .where(and(inArray(tasks.id, taskIds), isNull(tasks.archivedAt), isNull(units.archivedAt)));
}

export async function insertThirdPartyRequest(
  db: Database,
  values: typeof thirdPartyRequests.$inferInsert,
  taskIds: string[],
): Promise<ThirdPartyRequestRow> {
  const [row] = await db.insert(thirdPartyRequests).values(values).returning();
  if (!row) throw new Error('third-party request not inserted');
  await db
    .insert(thirdPartyRequestTasks)
    .values(taskIds.map((taskId, position) => ({ requestId: row.id, taskId, position })));
  return row;
}

export async function findThirdPartyRequest(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ThirdPartyRequestRow | undefined> {
  const query = db.select().from(thirdPartyRequests).where(eq(thirdPartyRequests.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The request's tasks in the requester's order, with their units. */
export async function listRequestTasks(db: Database, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({
      requestId: thirdPartyRequestTasks.requestId,
      taskId: tasks.id,
      title: tasks.title,
      description: tasks.description,
      unitCode: units.unitCode,
      unitTitle: units.title,
    })
    .from(thirdPartyRequestTasks)
    .innerJoin(tasks, eq(tasks.id, thirdPartyRequestTasks.taskId))
    .innerJoin(units, eq(units.id, tasks.unitId))
    .where(inArray(thirdPartyRequestTasks.requestId, requestIds))
    .orderBy(asc(thirdPartyRequestTasks.position));
}

/** A student's requests, newest first. */
export async function listThirdPartyRequestsOf(db: Database, studentId: string) {
  return db
    .select({ request: thirdPartyRequests, reportId: thirdPartyReports.id })
    .from(thirdPartyRequests)
    .leftJoin(thirdPartyReports, eq(thirdPartyReports.requestId, thirdPartyRequests.id))
    .where(eq(thirdPartyRequests.studentId, studentId))
    .orderBy(desc(thirdPartyRequests.createdAt), desc(thirdPartyRequests.id));
}

/** Marks a sent link opened, once; answers whether this call did. */
export async function markThirdPartyOpened(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(thirdPartyRequests)
    .set({ state: 'opened', openedAt: at })
    .where(and(eq(thirdPartyRequests.id, id), eq(thirdPartyRequests.state, 'sent')))
    .returning({ id: thirdPartyRequests.id });
  return rows.length > 0;
}

/**
 * Spends the link: only a live one (sent or opened, unexpired) becomes submitted. Answers false when
 * another call spent, revoked or outlived it first, so a replay writes nothing.
 */
export async function spendThirdPartyLink(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(thirdPartyRequests)
    .set({ state: 'submitted' })
    .where(
      and(
        eq(thirdPartyRequests.id, id),
        inArray(thirdPartyRequests.state, ['sent', 'opened']),
        gt(thirdPartyRequests.expiresAt, at),
      ),
    )
    .returning({ id: thirdPartyRequests.id });
  return rows.length > 0;
}

export async function insertThirdPartyReport(
  db: Database,
  values: typeof thirdPartyReports.$inferInsert,
): Promise<ThirdPartyReportRow> {
  const [row] = await db.insert(thirdPartyReports).values(values).returning();
  if (!row) throw new Error('third-party report not inserted');
  return row;
}

/** A re-send: a new secret (the old link dies with its hash) and a new expiry; the state is sent again. */
export async function replaceThirdPartyLink(
  db: Database,
  { id, tokenHash, expiresAt, at }: { id: string; tokenHash: string; expiresAt: Date; at: Date },
): Promise<ThirdPartyRequestRow | undefined> {
  const current = await findThirdPartyRequest(db, id);
  if (!current) return undefined;
  const [row] = await db
    .update(thirdPartyRequests)
    .set({ tokenHash, expiresAt, state: 'sent', lastSentAt: at, sendCount: current.sendCount + 1 })
    .where(and(eq(thirdPartyRequests.id, id), inArray(thirdPartyRequests.state, ['sent', 'opened'])))
    .returning();
  return row;
}

export async function revokeThirdPartyRequest(
  db: Database,
  { id, by, at }: { id: string; by: string | null; at: Date },
): Promise<ThirdPartyRequestRow | undefined> {
  const [row] = await db
    .update(thirdPartyRequests)
    .set({ state: 'revoked', revokedAt: at, revokedBy: by })
    .where(and(eq(thirdPartyRequests.id, id), inArray(thirdPartyRequests.state, ['sent', 'opened'])))
    .returning();
  return row;
}

export type ThirdPartyReportWithRequest = ThirdPartyReportRow & {
  request: ThirdPartyRequestRow;
  verifications: (ThirdPartyVerificationRow & { assessorName: string | null })[];
};

/** The submitted reports that answer for a student's task, oldest first, with their verifications. */
export async function listReportsForTasks(
  db: Database,
  { studentId, taskIds }: { studentId: string; taskIds?: string[] },
): Promise<ThirdPartyReportWithRequest[]> {
  const rows = await db
    .select({ report: thirdPartyReports, request: thirdPartyRequests })
    .from(thirdPartyReports)
    .innerJoin(thirdPartyRequests, eq(thirdPartyRequests.id, thirdPartyReports.requestId))
    .where(eq(thirdPartyRequests.studentId, studentId))
    .orderBy(asc(thirdPartyReports.submittedAt), asc(thirdPartyReports.id));
  const wanted = taskIds ? new Set(taskIds) : null;
  const reports = rows
    .map(({ report, request }) => ({
      ...report,
      items: wanted ? report.items.filter((item) => wanted.has(item.taskId)) : report.items,
      request,
    }))
    .filter((report) => report.items.length > 0);
  if (reports.length === 0) return [];
  const checks = await db
    .select({ verification: thirdPartyVerifications, firstName: users.firstName, lastName: users.lastName })
    .from(thirdPartyVerifications)
    .leftJoin(users, eq(users.id, thirdPartyVerifications.assessorId))
    .where(
      inArray(
        thirdPartyVerifications.reportId,
        reports.map((report) => report.id),
      ),
    )
    .orderBy(asc(thirdPartyVerifications.createdAt));
  return reports.map((report) => ({
    ...report,
    verifications: checks
      .filter((check) => check.verification.reportId === report.id)
      .map((check) => ({
        ...check.verification,
        assessorName: check.firstName ? `${check.firstName} ${check.lastName}`.trim() : null,
      })),
  }));
}

export async function findThirdPartyReport(db: Database, id: string) {
  const [row] = await db
    .select({ report: thirdPartyReports, studentId: thirdPartyRequests.studentId })
    .from(thirdPartyReports)
    .innerJoin(thirdPartyRequests, eq(thirdPartyRequests.id, thirdPartyReports.requestId))
    .where(eq(thirdPartyReports.id, id))
    .limit(1);
  return row;
}

export async function insertThirdPartyVerification(
  db: Database,
  values: typeof thirdPartyVerifications.$inferInsert,
): Promise<ThirdPartyVerificationRow> {
  const [row] = await db.insert(thirdPartyVerifications).values(values).returning();
  if (!row) throw new Error('verification not inserted');
  return row;
}

export type { ThirdPartyReportItem };
