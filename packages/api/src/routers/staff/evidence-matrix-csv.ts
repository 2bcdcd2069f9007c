import {
  filterMatrixStudents,
  matrixCell,
  matrixCellLabel,
  matrixFilterLabels,
  matrixFilters,
  matrixProgress,
} from '@evident/core/evidence-matrix';
import { unitOutcomeLabels } from '@evident/core/unit-outcome-values';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import type { ScopeReader } from '../../rules/class-scope';
import { evidenceMatrixInput, getEvidenceMatrix } from './evidence-matrix';

export const evidenceMatrixCsvInput = z
  .object({
    unitId: evidenceMatrixInput.unwrap().shape.unitId,
    classId: evidenceMatrixInput.unwrap().shape.classId,
    filter: z
      .union([z.enum(matrixFilters, { error: 'filter must be all, complete or incomplete' }), z.literal('')])
      .optional()
      .transform((value) => value || 'all'),
  })
  .optional();

const outcomeLabel = (outcome: keyof typeof unitOutcomeLabels | undefined) =>
  outcome ? unitOutcomeLabels[outcome] : '';

export const matrixCsvOutput = z.object({
  fileName: z.string(),
  contentType: z.string(),
  content: z.string(),
});
export type MatrixCsv = z.infer<typeof matrixCsvOutput>;

/**
 * The matrix as the screen shows it, filter applied, for Excel: UTF-8 with a byte-order mark (or
 * Excel reads it as the local code page), CRLF rows, and formula-like text defused. Progress is a plain
 * number and satisfied/total two columns, so Excel cannot read '2/3' as a date.
 */
export async function exportEvidenceMatrixCsv(
  ctx: ScopeReader,
  input: z.infer<typeof evidenceMatrixCsvInput>,
): Promise<MatrixCsv> {
  const filter = input?.filter ?? 'all';
  const matrix = await getEvidenceMatrix(ctx, { unitId: input?.unitId, classId: input?.classId });
  const students = filterMatrixStudents(matrix.students, matrix.tasks, matrix.submissions, filter);
  const header = [
    'First Name',
    'Last Name',
    'Email',
    ...matrix.tasks.map((task, index) => `Task ${index + 1}: ${task.title}`),
    'Progress (%)',
    'Satisfied',
    'Tasks',
    // The assessor's judgement of the whole unit (issue 29); empty until one is recorded.
    'Unit',
  ];
  const rows = students.map((student) => {
    const progress = matrixProgress(matrix.submissions, student.id, matrix.tasks);
    return [
      student.firstName,
      student.lastName,
      student.email,
      ...matrix.tasks.map((task) => matrixCellLabel(matrixCell(matrix.submissions, student.id, task.id))),
      progress.percent,
      progress.satisfied,
      progress.total,
      outcomeLabel(matrix.outcomes[student.id]?.outcome),
    ];
  });
  const content = stringify([header, ...rows], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  const code = (matrix.unit?.unitCode ?? 'no-unit').replace(/[^A-Za-z0-9-]/g, '');
  const suffix = filter === 'all' ? '' : `-${matrixFilterLabels[filter].toLowerCase()}`;
  return {
    fileName: `evidence-matrix-${code}${suffix}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content,
  };
}
