import { AppError } from '@evident/core/errors';
import {
  DEFAULT_RETENTION_MONTHS,
  type Disposal,
  type LegalHold,
  OUTCOME_RETENTION_YEARS,
  type RetentionOverview,
  type RetentionPeriod,
  retentionLabel,
} from '@evident/core/retention';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import { markPacksDisposed, packsHoldingRecords } from '@evident/db/queries/audit-packs';
import {
  deleteRecords,
  disposalsWithPendingFiles,
  insertDisposal,
  listDisposals,
  setFilesPending,
} from '@evident/db/queries/disposals';
import {
  findLegalHold,
  findRetentionMonths,
  holdsCovering,
  insertLegalHold,
  listDueRecords,
  listLegalHolds,
  releaseLegalHold,
  saveRetentionMonths,
} from '@evident/db/queries/retention';
import { findUserById } from '@evident/db/queries/users';
import type { disposals } from '@evident/db/schema';
import { sql } from 'drizzle-orm';
import type { AuthedContext, Context } from '../../context';
import { requireUnit } from '../../rules/units';

/**
 * Records kept as the law asks (issue 30 §4): the period, what is past it, legal holds, and disposal.
 * Disposal is the one place in the product that deletes an assessment record.
 */

type Ctx = Pick<AuthedContext, 'db' | 'realUserId' | 'storage' | 'log'>;

/** Holds and disposals take this lock, so a hold placed while a disposal runs waits for it, or stops it. */
const lockRetention = (tx: Database) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('retention'))`);

export async function retentionPeriod(db: Database): Promise<RetentionPeriod> {
  const chosen = await findRetentionMonths(db);
  const months = chosen ?? DEFAULT_RETENTION_MONTHS;
  return {
    months,
    label: retentionLabel(months),
    isDefault: chosen === null,
    outcomeYears: OUTCOME_RETENTION_YEARS,
  };
}

/** `admin.retention.setPeriod` / `PUT /api/admin/retention/period`: audited with before and after. */
export async function setRetentionPeriod(ctx: Ctx, input: { months: number }, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const before = await retentionPeriod(tx);
    await saveRetentionMonths(tx, { months: input.months, by: ctx.realUserId, at: now });
    if (before.months === input.months && !before.isDefault) return;
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'settings.retention',
      detail: { fromMonths: before.months, toMonths: input.months },
    });
  });
  return retentionPeriod(ctx.db);
}

const toDisposal = (row: typeof disposals.$inferSelect): Disposal => ({
  id: row.id,
  studentId: row.studentId,
  studentName: row.studentName,
  unitId: row.unitId,
  unitCode: row.unitCode,
  completedAt: row.completedAt,
  dueSince: row.dueSince,
  disposedAt: row.disposedAt,
  disposedByName: row.disposedByName,
  counts: { ...row.counts, auditPacks: row.counts.auditPacks ?? 0 },
  filesPending: row.filesPending.length,
});

/** `admin.retention.get` / `GET /api/admin/retention`. */
export async function retentionOverview(db: Database, now = new Date()): Promise<RetentionOverview> {
  const period = await retentionPeriod(db);
  const holds: LegalHold[] = await listLegalHolds(db, { all: true });
  const standing = holds.filter((hold) => hold.releasedAt === null);
  const due = (await listDueRecords(db, { months: period.months, now })).map((row) => ({
    ...row,
    holdIds: standing
      .filter(
        (hold) =>
          (hold.studentId === null || hold.studentId === row.studentId) &&
          (hold.unitId === null || hold.unitId === row.unitId),
      )
      .map((hold) => hold.id),
  }));
  return { period, due, holds, disposals: (await listDisposals(db)).map(toDisposal) };
}

/**
 * `admin.retention.removeRecords` / `POST /api/admin/retention/dispose`: one student's records in one unit,
 * past their period and under no hold, and the audit packs holding them (their zips are copies). The rows go, the tombstone and the audit row are written, in
 * one transaction listing the stored files to remove; only after it commits are the files removed (a
 * crash between leaves rows gone and a list of files to finish, never files gone under kept rows).
 */
export async function disposeRecords(
  ctx: Ctx,
  input: { studentId: string; unitId: string },
  now = new Date(),
) {
  const admin = await findUserById(ctx.db, ctx.realUserId);
  const tombstone = await ctx.db.transaction(async (tx) => {
    await lockRetention(tx);
    const holds = await holdsCovering(tx, input.studentId, input.unitId);
    if (holds.length > 0) {
      throw new AppError(
        'CONFLICT',
        `These records are under a legal hold (${holds.map((h) => h.reason).join('; ')}): lift the hold before disposing of them`,
      );
    }
    const { months } = await retentionPeriod(tx);
    const [due] = await listDueRecords(tx, { months, now, ...input });
    if (!due) {
      throw new AppError(
        'CONFLICT',
        'Nothing to dispose of: this student has no records in this unit past the retention period',
      );
    }
    // An audit pack is a copy of these records: it goes with them. One still being built would copy
    // them after they are gone, or half of them, so the disposal waits for it.
    const packs = await packsHoldingRecords(tx, input);
    if (packs.some((pack) => pack.status !== 'ready')) {
      throw new AppError(
        'CONFLICT',
        'An audit pack holding these records is being built: dispose of them once it is ready (the pack is disposed of with them)',
      );
    }
    const { counts, objectPaths } = await deleteRecords(tx, input.studentId, input.unitId);
    counts.auditPacks = packs.length;
    const packPaths = packs.flatMap((pack) => (pack.objectPath ? [pack.objectPath] : []));
    const written = await insertDisposal(tx, {
      studentId: due.studentId,
      studentName: due.studentName,
      unitId: due.unitId,
      unitCode: due.unitCode,
      completedAt: due.completedAt,
      dueSince: due.dueSince,
      disposedAt: now,
      disposedBy: ctx.realUserId,
      disposedByName: admin ? `${admin.firstName} ${admin.lastName}` : 'Unknown',
      counts,
      filesPending: [...objectPaths, ...packPaths],
    });
    await markPacksDisposed(
      tx,
      packs.map((pack) => pack.id),
      { at: now, disposalId: written.id },
    );
    for (const pack of packs) {
      await recordAudit(tx, {
        actorId: ctx.realUserId,
        action: 'audit-pack.disposed',
        subjectId: pack.id,
        detail: {
          disposalId: written.id,
          studentName: due.studentName,
          unitCode: due.unitCode,
          fileName: pack.objectPath?.split('/').pop() ?? null,
          sizeBytes: pack.sizeBytes,
        },
      });
    }
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'records.disposed',
      subjectId: due.studentId,
      detail: {
        disposalId: written.id,
        studentName: due.studentName,
        unitId: due.unitId,
        unitCode: due.unitCode,
        completedAt: due.completedAt.toISOString(),
        dueSince: due.dueSince.toISOString(),
        retentionMonths: months,
        counts,
      },
    });
    return written;
  });
  await removePendingFiles(ctx);
  const [after] = (await listDisposals(ctx.db, 50)).filter((row) => row.id === tombstone.id);
  return toDisposal(after ?? tombstone);
}

/**
 * Removes the stored files disposals listed, this one's and any an earlier one left (a storage error,
 * a crash after the commit); what still fails stays listed for next time. A file already gone counts
 * as removed (deleting is idempotent in both stores).
 */
export async function removePendingFiles(ctx: Pick<Context, 'db' | 'storage' | 'log'>): Promise<void> {
  for (const row of await disposalsWithPendingFiles(ctx.db)) {
    const failed: string[] = [];
    for (const path of row.filesPending) {
      try {
        await ctx.storage.delete(path);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.log.warn(`Disposal ${row.id}: stored file ${path} could not be removed yet (${reason})`);
        failed.push(path);
      }
    }
    await setFilesPending(ctx.db, row.id, failed);
  }
}

/** `admin.legalHolds.create` / `POST /api/admin/legal-holds`. */
export async function placeLegalHold(
  ctx: Ctx,
  input: { studentId?: string; unitId?: string; reason: string },
  now = new Date(),
): Promise<LegalHold> {
  const student = input.studentId ? await findUserById(ctx.db, input.studentId) : null;
  if (input.studentId && student?.role !== 'student') throw new AppError('NOT_FOUND', 'Student not found');
  const unit = input.unitId ? await requireUnit(ctx.db, input.unitId) : null;
  const id = await ctx.db.transaction(async (tx) => {
    await lockRetention(tx);
    const row = await insertLegalHold(tx, {
      studentId: input.studentId ?? null,
      unitId: input.unitId ?? null,
      reason: input.reason,
      placedBy: ctx.realUserId,
      placedAt: now,
    });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'legal-hold.placed',
      subjectId: input.studentId,
      detail: {
        holdId: row.id,
        studentName: student ? `${student.firstName} ${student.lastName}` : null,
        unitCode: unit?.unitCode ?? null,
        reason: input.reason,
      },
    });
    return row.id;
  });
  return holdById(ctx.db, id);
}

/** `admin.legalHolds.end` / `POST /api/admin/legal-holds/{id}/release`. */
export async function liftLegalHold(ctx: Ctx, input: { id: string; reason: string }, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const released = await releaseLegalHold(tx, {
      id: input.id,
      reason: input.reason,
      by: ctx.realUserId,
      at: now,
    });
    if (!released) {
      const hold = await findLegalHold(tx, input.id);
      throw hold
        ? new AppError('CONFLICT', 'This legal hold was lifted already')
        : new AppError('NOT_FOUND', 'Legal hold not found');
    }
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'legal-hold.released',
      subjectId: released.studentId ?? undefined,
      detail: { holdId: input.id, unitId: released.unitId, reason: input.reason },
    });
  });
  return holdById(ctx.db, input.id);
}

async function holdById(db: Database, id: string): Promise<LegalHold> {
  const hold = (await listLegalHolds(db, { all: true })).find((row) => row.id === id);
  if (!hold) throw new AppError('NOT_FOUND', 'Legal hold not found');
  return hold;
}
