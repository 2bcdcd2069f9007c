import { assessmentRecordOutput } from '@evident/core/assessment-record';
import { idSchema } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { listSubmissionFiles } from '@evident/db/queries/evidence-files';
import { listUnitRecordRows } from '@evident/db/queries/grading';
import { findValidationRound } from '@evident/db/queries/validation';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import type { ScopeReader } from '../../rules/class-scope';
import { evidenceFileViewOutput, toEvidenceFileViews } from '../../views/evidence-file-views';
import { getAssessmentRecord } from './assessment-record';
import { exportAssessmentRecordPdf } from './assessment-record-pdf';

/** One sampled record of a round: `GET /api/validation-rounds/{id}/records/{studentId}`. */
export const sampledRecordInput = z.object({ id: idSchema('id'), studentId: idSchema('studentId') });

/** The record a validator reviews (evidence, declarations, checklists, reports, decisions, outcome) and its files. */
export const sampledRecordOutput = z.object({
  record: assessmentRecordOutput,
  /** The files not withdrawn, each with its task's title and short-lived links to open it. */
  files: z.array(
    evidenceFileViewOutput.extend({
      /** The task's number in the record (`record.tasks[].number`). */
      taskNumber: z.number(),
      taskTitle: z.string(),
    }),
  ),
});

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'storage' | 'images' | 'evidenceLimits' | 'recordPdf'>;

/**
 * The round is the authority here, not the reader's classes: a validator reviews records whichever
 * assessor's class they are in, but only the records sampled in a round they were named in. Anyone
 * else (another round's validator, a record outside the sample) is told it is not found.
 */
async function sampledRecordReader(ctx: Ctx, input: z.output<typeof sampledRecordInput>) {
  const found = await findValidationRound(ctx.db, input.id);
  const mayView = found && (ctx.user.role === 'rto_admin' || found.validatorIds.includes(ctx.user.id));
  if (!found || !mayView) throw new AppError('NOT_FOUND', 'Validation round not found');
  if (!found.round.sample.some((s) => s.studentId === input.studentId))
    throw new AppError('NOT_FOUND', "That student's record is not in this round's sample");
  // Read as an admin reads (every class): the round, checked above, bounds what is read.
  const reader: ScopeReader = { db: ctx.db, user: { id: ctx.user.id, role: 'rto_admin' } };
  return { reader, record: { studentId: input.studentId, unitId: found.round.unitId } };
}

export async function getSampledRecord(ctx: Ctx, input: z.output<typeof sampledRecordInput>) {
  const { reader, record } = await sampledRecordReader(ctx, input);
  const rows = await listUnitRecordRows(ctx.db, record);
  const [assessment, files] = await Promise.all([
    getAssessmentRecord(reader, record),
    listSubmissionFiles(
      ctx.db,
      rows.flatMap((row) => (row.submissionId ? [row.submissionId] : [])),
    ),
  ]);
  const views = await toEvidenceFileViews(ctx, files);
  // Numbered as the record numbers its tasks: the same rows, in the same order.
  const taskOf = (submissionId: string | undefined) => {
    const index = rows.findIndex((row) => row.submissionId === submissionId);
    return { taskNumber: index + 1, taskTitle: rows[index]?.title ?? '' };
  };
  return {
    record: assessment,
    files: views.map((view, i) => ({ ...view, ...taskOf(files[i]?.submissionId) })),
  };
}

/** `GET /api/validation-rounds/{id}/records/{studentId}.pdf`: the same record as the assessor's PDF. */
export async function exportSampledRecordPdf(ctx: Ctx, input: z.output<typeof sampledRecordInput>) {
  const { reader, record } = await sampledRecordReader(ctx, input);
  return exportAssessmentRecordPdf({ ...reader, recordPdf: ctx.recordPdf }, record);
}
