import { z } from 'zod';
import type { Context } from '../../context';
import type { ScopeReader } from '../../rules/class-scope';
import { type assessmentRecordInput, getAssessmentRecord } from './assessment-record';

/**
 * `staff.records.exportPdf`: the record as a PDF download. tRPC answers JSON, so the bytes travel as
 * base64 there; `GET /api/assessor/reports/{studentId}/{unitId}.pdf` sends them as they are, so a
 * link downloads the file and any PDF reader opens it.
 */
export const recordPdfOutput = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  /** The PDF's bytes, base64. */
  content: z.string(),
});

/** A file name any system accepts: the unit code and the student's name in plain letters. */
function recordFileName(unitCode: string, firstName: string, lastName: string): string {
  const plain = `${unitCode}-${firstName}-${lastName}`
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '')
    .replace(/-+/g, '-');
  return `assessment-record-${plain || 'student'}.pdf`;
}

export async function exportAssessmentRecordPdf(
  ctx: ScopeReader & Pick<Context, 'recordPdf'>,
  input: z.infer<typeof assessmentRecordInput>,
): Promise<z.infer<typeof recordPdfOutput>> {
  const record = await getAssessmentRecord(ctx, input);
  const pdf = await ctx.recordPdf.render(record);
  return {
    fileName: recordFileName(record.unit.unitCode, record.student.firstName, record.student.lastName),
    contentType: 'application/pdf',
    content: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('base64'),
  };
}
