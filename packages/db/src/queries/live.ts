import { and, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { apiTokens, enrolments, sessions, submissions, tasks, users } from '../schema';

/** The units a student is enrolled in: which unit and task events their live stream carries. */
export async function listEnrolledUnitIds(
  db: Database,
  { studentId }: { studentId: string },
): Promise<string[]> {
  const rows = await db
    .select({ unitId: enrolments.unitId })
    .from(enrolments)
    .where(eq(enrolments.studentId, studentId));
  return rows.map((row) => row.unitId);
}

/** Whose submission it is and where it sits, for the ids an event carries. */
export async function findSubmissionSubject(
  db: Database,
  { submissionId }: { submissionId: string },
): Promise<{ studentId: string; taskId: string; unitId: string } | undefined> {
  const [row] = await db
    .select({ studentId: submissions.studentId, taskId: submissions.taskId, unitId: tasks.unitId })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(eq(submissions.id, submissionId));
  return row;
}

/** What a session resolves to, as far as what a live stream may carry depends on it. */
export type SessionStanding = {
  userId: string;
  role: string;
  approvedAt: Date | null;
  deactivatedAt: Date | null;
  actingAs: { userId: string; role: string; approvedAt: Date | null; deactivatedAt: Date | null } | null;
};

/**
 * The person behind an unexpired session and whoever they are viewing the app as, read without
 * extending the session (an open stream is not the person's activity); null when it has ended.
 */
export async function findSessionStanding(
  db: Database,
  { sessionId }: { sessionId: string },
): Promise<SessionStanding | null> {
  const acting = alias(users, 'acting');
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      approvedAt: users.approvedAt,
      deactivatedAt: users.deactivatedAt,
      actingUserId: acting.id,
      actingRole: acting.role,
      actingApprovedAt: acting.approvedAt,
      actingDeactivatedAt: acting.deactivatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(acting, eq(acting.id, sessions.actingAsUserId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { actingUserId, actingRole, actingApprovedAt, actingDeactivatedAt, ...real } = row;
  return {
    ...real,
    actingAs:
      actingUserId && actingRole
        ? {
            userId: actingUserId,
            role: actingRole,
            approvedAt: actingApprovedAt,
            deactivatedAt: actingDeactivatedAt,
          }
        : null,
  };
}

/**
 * The person behind an unexpired, unrevoked API token, in the same shape as a session's standing (a
 * token never views the app as anyone else); null when the token no longer works.
 */
export async function findTokenStanding(
  db: Database,
  { tokenId }: { tokenId: string },
): Promise<SessionStanding | null> {
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      approvedAt: users.approvedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())))
    .limit(1);
  return row ? { ...row, actingAs: null } : null;
}
