import type { AuditAction } from '@evident/core/audit';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { auditEvents } from '../schema/audit';

/** Outstanding-work reminders are audit events; their rows are also how we avoid mailing twice. */
export const REMINDER_SENT = 'reminder.sent' satisfies AuditAction;

/** Holds every other reminder run until the transaction ends, so two clicks cannot both mail someone. */
export async function lockReminders(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('reminder.sent'))`);
}

/** Of these students, those who were sent a reminder after `since`. */
export async function listRemindedSince(
  db: Database,
  { studentIds, since }: { studentIds: string[]; since: Date },
): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ studentId: auditEvents.subjectId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, REMINDER_SENT),
        gt(auditEvents.createdAt, since),
        inArray(auditEvents.subjectId, studentIds),
      ),
    );
  return new Set(rows.flatMap((row) => (row.studentId ? [row.studentId] : [])));
}

export type ReminderRecord = { studentId: string; unitId: string; taskIds: string[] };

/** Records the reminders about to go out; answers each one's audit row id by student. */
export async function recordReminders(
  db: Database,
  {
    actorId,
    reminders,
    at,
    actingAs,
  }: {
    actorId: string;
    reminders: ReminderRecord[];
    at: Date;
    /** The assessor an admin was viewing as, when it was an admin who pressed the button. */
    actingAs?: string;
  },
): Promise<Map<string, string>> {
  if (reminders.length === 0) return new Map();
  const rows = await db
    .insert(auditEvents)
    .values(
      reminders.map((reminder) => ({
        actorId,
        action: REMINDER_SENT,
        subjectId: reminder.studentId,
        detail: {
          unitId: reminder.unitId,
          taskIds: reminder.taskIds,
          ...(actingAs ? { actingAsUserId: actingAs } : {}),
        },
        createdAt: at,
      })),
    )
    .returning({ id: auditEvents.id, studentId: auditEvents.subjectId });
  return new Map(rows.map((row) => [row.studentId ?? '', row.id]));
}

/** A reminder to declare is an audit event; its rows are also how a student is mailed once a day. */
export const DECLARATION_REMINDED = 'declaration.reminded' satisfies AuditAction;

/**
 * Holds any other transaction reminding this student in this unit until this one ends: of two uploads
 * at once (the offline queue sends several), on one server or on several, only the first mails.
 */
export async function lockDeclarationReminder(
  db: Database,
  { studentId, unitId }: { studentId: string; unitId: string },
): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${DECLARATION_REMINDED}), hashtext(${`${studentId} ${unitId}`}))`,
  );
}

/** Whether the student was reminded to declare their evidence in the unit today, the day in the zone. */
export async function wasRemindedToDeclareOn(
  db: Database,
  { studentId, unitId, timeZone }: { studentId: string; unitId: string; timeZone: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, DECLARATION_REMINDED),
        eq(auditEvents.subjectId, studentId),
        sql`${auditEvents.detail}->>'unitId' = ${unitId}`,
        sql`(${auditEvents.createdAt} at time zone ${timeZone})::date = (now() at time zone ${timeZone})::date`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
