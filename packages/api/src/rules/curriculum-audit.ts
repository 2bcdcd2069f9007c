import type { AuditAction } from '@evident/core/audit';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import type { AuthedContext } from '../context';

/** Who changed the curriculum: the person signed in, and whom they were viewing the app as. */
export type CurriculumActor = Pick<AuthedContext, 'realUserId' | 'user'>;

/** Who an audit row names: the real person, whom they acted as, and the name kept for when they are gone. */
export type AuditActor = { actorId: string; actingAsId: string | null; actorName: string | null };

export function auditActorOf(actor: CurriculumActor | AuditActor): AuditActor {
  if ('actorId' in actor) return actor;
  const impersonating = actor.user.isImpersonating;
  const real = impersonating && actor.user.originalUser ? actor.user.originalUser : actor.user;
  return {
    actorId: actor.realUserId,
    actingAsId: impersonating ? actor.user.id : null,
    actorName: fullName(real),
  };
}

/** A unit as its audit rows name it: the code and title outlive the unit in `detail`. */
type NamedUnit = { id: string; unitCode: string; title: string };

/**
 * One audit row for a change to a unit or its tasks, written with the change (pass the transaction).
 * The subject is the unit or task; `detail` keeps the unit's code and title, the task's title and
 * the actor's name, so the row reads the same after any of them is deleted.
 */
export async function auditCurriculum(
  tx: Database,
  actor: CurriculumActor | AuditActor,
  action: AuditAction,
  change: { unit: NamedUnit; task?: { id: string; title: string }; detail?: Record<string, unknown> },
): Promise<void> {
  const { actorId, actingAsId, actorName } = auditActorOf(actor);
  const { unit, task } = change;
  await recordAudit(tx, {
    actorId,
    actingAsId,
    action,
    subjectId: task?.id ?? unit.id,
    detail: {
      unitId: unit.id,
      unitCode: unit.unitCode,
      // `title` is always the subject's own, as on the rows recorded before units' other changes were.
      ...(task ? { title: task.title, unitTitle: unit.title } : { title: unit.title }),
      ...change.detail,
      ...(actorName ? { actorName } : {}),
    },
  });
}

/** The names of the fields whose values differ (arrays by their contents), for an edit's audit row. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): string[] {
  return Object.keys(after).filter(
    (key) => after[key] !== undefined && JSON.stringify(after[key]) !== JSON.stringify(before[key] ?? null),
  );
}
