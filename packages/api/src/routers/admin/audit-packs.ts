import { randomInt } from 'node:crypto';
import { idSchema } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import type { JobPayload } from '@evident/core/job-kinds';
import { recordAudit } from '@evident/db/queries/audit';
import {
  type AuditPackRow,
  findAuditPack,
  findStudentIds,
  insertAuditPack,
  listAuditPacks,
  listCompletedStudents,
} from '@evident/db/queries/audit-packs';
import { enqueueJob, type NewJob } from '@evident/db/queries/jobs';
import { findUnit } from '@evident/db/queries/units';
import { namesOfUsers } from '@evident/db/queries/users';
import { z } from 'zod';
import { disposedPackMessage } from '../../audit-pack/disposed';
import type { AuthedContext, Context } from '../../context';
import { adminProcedure, router } from '../../trpc';

/** The most students one pack takes: a sample larger than ASQA's is a mistake, not an audit. */
export const maxPackStudents = 200;

/**
 * `POST /api/admin/audit-packs`: `{ unitId, studentIds }` for the students chosen, or `{ unitId,
 * sampleSize }` for an ASQA sample drawn at random from those who completed the unit. One of the two.
 */
export const createAuditPackInput = z
  .object({
    unitId: idSchema('unitId'),
    studentIds: z
      .array(idSchema('studentIds'))
      .min(1, 'Choose at least one student')
      .max(maxPackStudents, `At most ${maxPackStudents} students in one pack`)
      .optional()
      .describe('The students chosen; or give sampleSize'),
    sampleSize: z
      .number({ error: 'sampleSize must be a whole number' })
      .int('sampleSize must be a whole number')
      .min(1, 'sampleSize must be at least 1')
      .max(maxPackStudents, `sampleSize must be at most ${maxPackStudents}`)
      .optional()
      .describe('How many students to draw at random from those who completed the unit'),
  })
  .refine((input) => (input.studentIds === undefined) !== (input.sampleSize === undefined), {
    message: 'Give either studentIds or sampleSize, not both',
  });

export const auditPackIdInput = z.object({ id: idSchema('id') });

const auditPackStatus = z.enum(['queued', 'building', 'ready', 'failed', 'disposed']);

export const auditPackOutput = z.object({
  id: z.string(),
  unitId: z.string(),
  status: auditPackStatus,
  progress: z.number().describe('Percent done, 0-100'),
  studentCount: z.number(),
  sampleSize: z.number().nullable().describe('Set for an ASQA sample drawn at random'),
  fileCount: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
  disposedAt: z
    .date()
    .nullable()
    .describe('Set once a disposal took records the pack held: its zip was deleted with them'),
});

export const auditPackDownloadOutput = auditPackOutput.extend({
  downloadUrl: z.string().nullable().describe('A signed link to the zip, once ready; it expires'),
});

export const auditPackListOutput = z.array(
  auditPackOutput.extend({
    unitCode: z.string(),
    unitTitle: z.string(),
    requestedByName: z.string().nullable(),
  }),
);

export function auditPackJob(payload: JobPayload<'audit-pack'>): NewJob<'audit-pack'> {
  // One attempt more than usual: a pack is long, and a server restart mid-way should not fail it.
  return { kind: 'audit-pack', payload, dedupeKey: `audit-pack:${payload.packId}`, maxAttempts: 4 };
}

/** A fair draw without replacement (a partial Fisher-Yates shuffle, crypto's randomness). */
export function drawSample<T>(from: readonly T[], size: number, random = randomInt): T[] {
  const pool = [...from];
  for (let i = 0; i < size; i++) {
    const j = i + random(pool.length - i);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, size);
}

function toOutput(pack: AuditPackRow): z.infer<typeof auditPackOutput> {
  return {
    id: pack.id,
    unitId: pack.unitId,
    status: pack.status,
    progress: pack.progress,
    studentCount: pack.studentIds.length,
    sampleSize: pack.sampleSize,
    fileCount: pack.fileCount,
    sizeBytes: pack.sizeBytes,
    error: pack.error,
    createdAt: pack.createdAt,
    finishedAt: pack.finishedAt,
    disposedAt: pack.disposedAt,
  };
}

async function chooseStudents(
  db: Context['db'],
  input: z.output<typeof createAuditPackInput>,
): Promise<string[]> {
  if (input.studentIds) {
    const ids = [...new Set(input.studentIds)];
    const found = await findStudentIds(db, ids);
    if (found.size !== ids.length) throw new AppError('NOT_FOUND', 'Student not found');
    return ids;
  }
  const completed = await listCompletedStudents(db, input.unitId);
  const size = input.sampleSize ?? 0;
  if (size > completed.length) {
    const have = completed.length === 1 ? '1 student has' : `${completed.length} students have`;
    throw new AppError(
      'BAD_REQUEST',
      `The sample asks for ${size} students, but only ${have} completed this unit (an outcome standing, or every task judged).`,
    );
  }
  return drawSample(
    completed.map((student) => student.id),
    size,
  );
}

/** Records the pack and queues its job in one transaction, audited; the worker is woken after. */
export async function createAuditPack(
  ctx: Pick<AuthedContext, 'db' | 'realUserId' | 'jobs'>,
  input: z.output<typeof createAuditPackInput>,
) {
  const unit = await findUnit(ctx.db, input.unitId);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  const studentIds = await chooseStudents(ctx.db, input);
  const pack = await ctx.db.transaction(async (tx) => {
    const row = await insertAuditPack(tx, {
      unitId: unit.id,
      studentIds,
      sampleSize: input.sampleSize ?? null,
      requestedBy: ctx.realUserId,
    });
    await enqueueJob(tx, auditPackJob({ packId: row.id }));
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'audit-pack.requested',
      subjectId: row.id,
      detail: {
        unitCode: unit.unitCode,
        studentIds,
        sampleSize: input.sampleSize ?? null,
      },
    });
    return row;
  });
  ctx.jobs.wake();
  return { id: pack.id };
}

async function requirePack(db: Context['db'], id: string): Promise<AuditPackRow> {
  const pack = await findAuditPack(db, id);
  if (!pack) throw new AppError('NOT_FOUND', 'Audit pack not found');
  return pack;
}

/**
 * A pack's state; once ready, a freshly signed link to its zip. The link is what is audited: the
 * file route that serves it knows no person, so handing it out is the download the trail records.
 */
export async function getAuditPack(
  ctx: Pick<AuthedContext, 'db' | 'realUserId' | 'storage' | 'evidenceLimits'>,
  input: z.output<typeof auditPackIdInput>,
  now = new Date(),
) {
  const pack = await requirePack(ctx.db, input.id);
  if (pack.status === 'disposed') throw new AppError('GONE', disposedPackMessage(pack));
  if (pack.status !== 'ready' || !pack.objectPath) return { ...toOutput(pack), downloadUrl: null };
  const fileName = pack.objectPath.split('/').pop() ?? 'audit-pack.zip';
  const downloadUrl = await ctx.storage.createDownloadUrl({
    objectPath: pack.objectPath,
    fileName,
    contentType: 'application/zip',
    expiresAt: new Date(now.getTime() + ctx.evidenceLimits.downloadUrlTtlMs),
    disposition: 'attachment',
  });
  await recordAudit(ctx.db, {
    actorId: ctx.realUserId,
    action: 'audit-pack.downloaded',
    subjectId: pack.id,
    detail: { fileName, sizeBytes: pack.sizeBytes },
  });
  return { ...toOutput(pack), downloadUrl };
}

async function listPacks(ctx: Pick<Context, 'db'>) {
  const rows = await listAuditPacks(ctx.db, { limit: 50 });
  const units = await Promise.all(rows.map((row) => findUnit(ctx.db, row.pack.unitId)));
  return rows.map((row, index) => ({
    ...toOutput(row.pack),
    unitCode: units[index]?.unitCode ?? '',
    unitTitle: units[index]?.title ?? '',
    requestedByName: row.requestedByName,
  }));
}

/** `admin.auditPacks.*` (issue 30 §3). */
export const adminAuditPacksRouter = router({
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/audit-packs' } })
    .input(createAuditPackInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createAuditPack(ctx, input)),
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/audit-packs/{id}' } })
    .input(auditPackIdInput)
    .output(auditPackDownloadOutput)
    .query(({ ctx, input }) => getAuditPack(ctx, input)),
  /** The screen's download button: the same signed, audited link as the GET, asked for on a click. */
  issueDownloadLink: adminProcedure
    .input(auditPackIdInput)
    .output(auditPackDownloadOutput)
    .mutation(({ ctx, input }) => getAuditPack(ctx, input)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/audit-packs' } })
    .output(auditPackListOutput)
    .query(({ ctx }) => listPacks(ctx)),
  /** Students who completed the unit: what a sample is drawn from, and whom the screen offers to choose. */
  listCompletedStudents: adminProcedure
    .input(z.object({ unitId: idSchema('unitId') }))
    .output(z.array(z.object({ id: z.string(), name: z.string() })))
    .query(async ({ ctx, input }) => {
      const ids = (await listCompletedStudents(ctx.db, input.unitId)).map((row) => row.id);
      const names = await namesOfUsers(ctx.db, ids);
      return ids
        .map((id) => ({ id, name: names.get(id) ?? '' }))
        .sort((a, b) => a.name.localeCompare(b.name));
    }),
});
