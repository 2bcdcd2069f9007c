import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../client';
import { units } from '../schema/curriculum';
import { users } from '../schema/users';
import { validationActions, validationRounds } from '../schema/validation';

export type ValidationActionRow = typeof validationActions.$inferSelect;

export async function insertValidationAction(
  db: Database,
  action: Pick<ValidationActionRow, 'roundId' | 'text' | 'ownerId' | 'createdBy'>,
): Promise<ValidationActionRow> {
  const [row] = await db.insert(validationActions).values(action).returning();
  if (!row) throw new Error('insert returned no action');
  return row;
}

export async function findValidationAction(db: Database, id: string) {
  const [row] = await db.select().from(validationActions).where(eq(validationActions.id, id));
  return row;
}

/** A round's actions, in the order they were added. */
export async function listValidationActions(
  db: Database,
  roundIds: string[],
): Promise<ValidationActionRow[]> {
  if (roundIds.length === 0) return [];
  return db
    .select()
    .from(validationActions)
    .where(inArray(validationActions.roundId, roundIds))
    .orderBy(asc(validationActions.createdAt), asc(validationActions.id));
}

/**
 * Marks an action done, once: the update only takes a row not yet done, so two people marking it at
 * the same moment leave one `done_by`. Answers the row when this call did it.
 */
export async function markValidationActionDone(
  db: Database,
  { id, doneBy, at }: { id: string; doneBy: string; at: Date },
): Promise<ValidationActionRow | undefined> {
  const [row] = await db
    .update(validationActions)
    .set({ doneAt: at, doneBy })
    .where(and(eq(validationActions.id, id), isNull(validationActions.doneAt)))
    .returning();
  return row;
}

/** An owner's actions not yet done, oldest first, with the round's unit. */
export async function listOpenActionsOf(db: Database, ownerId: string) {
  return db
    .select({
      id: validationActions.id,
      roundId: validationActions.roundId,
      text: validationActions.text,
      createdAt: validationActions.createdAt,
      unitCode: units.unitCode,
      unitTitle: units.title,
    })
    .from(validationActions)
    .innerJoin(validationRounds, eq(validationRounds.id, validationActions.roundId))
    .innerJoin(units, eq(units.id, validationRounds.unitId))
    .where(and(eq(validationActions.ownerId, ownerId), isNull(validationActions.doneAt)))
    .orderBy(asc(validationActions.createdAt))
    .limit(100);
}

/** Who may own an action: an active admin, validator or approved assessor (never a student). */
export async function isActionOwner(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        isNull(users.deactivatedAt),
        or(
          inArray(users.role, ['rto_admin', 'validator']),
          and(eq(users.role, 'assessor'), isNotNull(users.approvedAt)),
        ),
      ),
    );
  return row !== undefined;
}

/**
 * Closes an open round, once: the update takes only an open row, so a review racing the close or a
 * second close finds it closed. Answers the row when this call closed it.
 */
export async function closeValidationRound(
  db: Database,
  { id, closedBy, at }: { id: string; closedBy: string; at: Date },
) {
  const [row] = await db
    .update(validationRounds)
    .set({ status: 'closed', closedAt: at, closedBy })
    .where(and(eq(validationRounds.id, id), eq(validationRounds.status, 'open')))
    .returning();
  return row;
}

/**
 * Whether the round is open, holding its row until the transaction ends: a review written in that
 * transaction and a close cannot pass each other (the close's update waits, or the review sees it).
 */
export async function lockOpenRound(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ status: validationRounds.status })
    .from(validationRounds)
    .where(eq(validationRounds.id, id))
    .for('update');
  return row?.status === 'open';
}

/** A unit's validation rounds, oldest first: the audit pack takes those that sampled its students. */
export async function listRoundsOfUnit(db: Database, unitId: string) {
  return db
    .select()
    .from(validationRounds)
    .where(eq(validationRounds.unitId, unitId))
    .orderBy(asc(validationRounds.createdAt), asc(validationRounds.id));
}
