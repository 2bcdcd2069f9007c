import { AppError } from '@evident/core/errors';
import { unitOutcomeValues } from '@evident/core/unit-outcome-values';
import {
  type EvidenceMatrix,
  findUnitWithLatestEvidence,
  listMatrixUnits,
  type MatrixUnit,
  readEvidenceMatrixJson,
} from '@evident/db/queries/evidence-matrix';
import { z } from 'zod';
import { classIdInput, readerScope, refuseHiddenClass, type ScopeReader } from '../../rules/class-scope';

/** An empty `unitId` (as `?unitId=` sends it) means "choose for me". */
const optionalUnitId = z
  .union([z.uuid({ error: 'unitId must be a unit id' }), z.literal('')])
  .optional()
  .transform((value) => value || undefined);

/** `classId`: one class's students, and its units to choose from (issue 19: /matrix?classId=…&unitId=…). */
export const evidenceMatrixInput = z.object({ unitId: optionalUnitId, classId: classIdInput }).optional();
export type EvidenceMatrixInput = z.infer<typeof evidenceMatrixInput>;

const matrixUnit = z.object({
  id: z.string(),
  unitCode: z.string(),
  title: z.string(),
  studentCount: z.number(),
});

/** `staff.evidenceMatrix.get`: the same keys, in the same order, as the database's JSON text. */
export const evidenceMatrixOutput = z.object({
  units: z.array(matrixUnit),
  /** Null when there are no units at all. */
  unit: matrixUnit.nullable(),
  students: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      profileImageUrl: z.string().nullable(),
      deactivated: z
        .boolean()
        .describe('The account is deactivated: it signs in no more, its work stays on the matrix'),
    }),
  ),
  tasks: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Keyed `studentId-taskId`; no entry means the task is pending for that student. */
  submissions: z
    .record(
      z.string(),
      z.object({
        status: z.enum(['submitted', 'satisfactory', 'not_yet_satisfactory']),
        fileCount: z.number(),
        /** Supervisors' reports on the task (issue 30 §1); absent when there are none. */
        thirdPartyReports: z.number().optional(),
        /** Observation checklists on the submission (issue 29 §5); absent when there are none. */
        observations: z.number().optional(),
      }),
    )
    .readonly(),
  /** Keyed by student id: the unit outcome standing for each student who has one (issue 29). */
  outcomes: z.record(z.string(), z.object({ id: z.string(), outcome: z.enum(unitOutcomeValues) })).readonly(),
});

/** Spec section 3 "Evidence matrix response", plus the units to choose from and the one shown. */
export type EvidenceMatrixView = EvidenceMatrix & {
  units: MatrixUnit[];
  /** Null when there are no units at all. */
  unit: MatrixUnit | null;
};

/**
 * The chosen unit's matrix as JSON text, built by the database and sent on untouched by the REST
 * path; without a choice, the unit whose evidence arrived last, else the unit with the most
 * students, else the first by code. Only the students the reader assesses (issue 19), or one class of
 * them; a class with units offers just its units.
 */
export async function getEvidenceMatrixJson(ctx: ScopeReader, input: EvidenceMatrixInput): Promise<string> {
  const requested = input?.unitId;
  const scope = readerScope(ctx, input?.classId);
  const [, units, latest, matrix] = await Promise.all([
    refuseHiddenClass(ctx, input?.classId),
    listMatrixUnits(ctx.db, { alsoUnitId: requested, scope }),
    requested ? undefined : findUnitWithLatestEvidence(ctx.db, { scope }),
    // With a unit named, its matrix loads alongside the unit list instead of after it.
    requested ? readEvidenceMatrixJson(ctx.db, { unitId: requested, scope }) : undefined,
  ]);
  const unit = requested
    ? units.find((candidate) => candidate.id === requested)
    : (units.find((candidate) => candidate.id === latest) ?? busiest(units));
  if (requested && !unit) throw new AppError('NOT_FOUND', 'Unit not found');
  const head = `{"units":${JSON.stringify(units)},"unit":${JSON.stringify(unit ?? null)}`;
  if (!unit) return `${head},"students":[],"tasks":[],"submissions":{},"outcomes":{}}`;
  const body = matrix ?? (await readEvidenceMatrixJson(ctx.db, { unitId: unit.id, scope }));
  return `${head},${body.slice(1)}`;
}

export async function getEvidenceMatrix(
  ctx: ScopeReader,
  input: EvidenceMatrixInput,
): Promise<EvidenceMatrixView> {
  return JSON.parse(await getEvidenceMatrixJson(ctx, input)) as EvidenceMatrixView;
}

function busiest(units: MatrixUnit[]): MatrixUnit | undefined {
  return units.reduce<MatrixUnit | undefined>(
    (best, unit) => (best === undefined || unit.studentCount > best.studentCount ? unit : best),
    undefined,
  );
}
