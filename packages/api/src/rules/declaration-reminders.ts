import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import { listUndeclaredInUnit } from '@evident/db/queries/evidence-declarations';
import { enqueueJob } from '@evident/db/queries/jobs';
import {
  DECLARATION_REMINDED,
  lockDeclarationReminder,
  wasRemindedToDeclareOn,
} from '@evident/db/queries/reminders';
import { findUnit } from '@evident/db/queries/units';
import { findUserById } from '@evident/db/queries/users';
import { taskUrl } from '../jobs/graded-mail-job';
import { mailJob } from '../jobs/mail-job';
import { orgTimeZone } from './org-time-zone';

/**
 * Issue 29 §3: evidence recorded without the student's declaration (the spec's callers of POST
 * /api/evidence send none) is marked 'Not declared', and the student is reminded by mail, in the
 * transaction that recorded it: at most once a day (the organisation's day) per student and unit,
 * however many files come undeclared. The advisory lock and the audit row make that hold across
 * servers; the mail names every file of theirs still undeclared in the unit, with its task, and
 * links to the task, whose card asks for the declaration. Answers whether a mail was queued.
 */
export async function remindToDeclare(
  tx: Database,
  options: {
    studentId: string;
    unitId: string;
    taskId: string;
    /** Who recorded the file: the student, or the admin viewing the app as them. */
    recordedBy: string;
    publicUrl: string;
  },
): Promise<boolean> {
  const { studentId, unitId } = options;
  await lockDeclarationReminder(tx, { studentId, unitId });
  const { timeZone } = await orgTimeZone(tx);
  // The audit row is dated by the database's clock, as is the day it is compared with.
  if (await wasRemindedToDeclareOn(tx, { studentId, unitId, timeZone })) return false;
  // One after another: a transaction is one connection.
  const student = await findUserById(tx, studentId);
  const unit = await findUnit(tx, unitId);
  const undeclared = await listUndeclaredInUnit(tx, { unitId, studentIds: [studentId] });
  const files = undeclared.get(studentId) ?? [];
  if (!student || student.deactivatedAt || !unit || files.length === 0) return false;
  await enqueueJob(
    tx,
    mailJob({
      kind: 'outstanding-tasks',
      to: student.email,
      firstName: student.firstName,
      unit: { unitCode: unit.unitCode, title: unit.title },
      tasks: [],
      undeclared: files,
      appUrl: taskUrl(options.publicUrl, { unitId, id: options.taskId }),
    }),
  );
  await recordAudit(tx, {
    actorId: options.recordedBy,
    actingAsId: options.recordedBy === studentId ? null : studentId,
    action: DECLARATION_REMINDED,
    subjectId: studentId,
    detail: { unitId, unitCode: unit.unitCode, files: files.length, timeZone },
  });
  return true;
}
