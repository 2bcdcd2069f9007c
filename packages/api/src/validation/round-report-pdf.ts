import { AppError } from '@evident/core/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { findValidationRound } from '@evident/db/queries/validation';
import type { AuthedContext, Context } from '../context';
import { readValidationReport, validationReportFileName } from './round-report';

type Ctx = Pick<AuthedContext, 'db' | 'realUserId' | 'realRole' | 'user'> &
  Pick<Context, 'validationReportPdf'>;

/**
 * A round's report as a PDF download: an admin any round's, a validator their own rounds' (another
 * round is not found, as on its page). tRPC carries the bytes as base64; the REST path sends them
 * as they are. Each download is in the audit trail: the report names students.
 */
export async function exportValidationReport(ctx: Ctx, roundId: string) {
  const found = await findValidationRound(ctx.db, roundId);
  // An admin reads any round's, viewing as someone or not (the admin path admits them either way).
  const isAdmin = ctx.user.role === 'rto_admin' || ctx.realRole === 'rto_admin';
  const mayRead = found && (isAdmin || found.validatorIds.includes(ctx.user.id));
  if (!mayRead) throw new AppError('NOT_FOUND', 'Validation round not found');
  const report = await readValidationReport(ctx.db, roundId);
  if (!report) throw new AppError('NOT_FOUND', 'Validation round not found');
  const pdf = await ctx.validationReportPdf.render(report);
  await recordAudit(ctx.db, {
    actorId: ctx.realUserId,
    actingAsId: ctx.user.isImpersonating ? ctx.user.id : null,
    action: 'validation.report-downloaded',
    subjectId: roundId,
    detail: { unitCode: report.unit.unitCode, status: report.round.status },
  });
  return {
    fileName: validationReportFileName(report.unit.unitCode, report.round.createdAt),
    contentType: 'application/pdf' as const,
    content: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('base64'),
  };
}
