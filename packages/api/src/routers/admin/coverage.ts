import { coverageCsvRows, coverageMappingDocument, type UnitCoverage } from '@evident/core/coverage';
import { phaseSchema } from '@evident/core/curriculum';
import { AppError } from '@evident/core/errors';
import { requirementSections } from '@evident/core/requirements';
import type { Database } from '@evident/db/client';
import { countUncoveredPerUnit, unitCoverage } from '@evident/db/queries/coverage';
import { listUnits } from '@evident/db/queries/units';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';

/** `GET /api/admin/units/{id}/coverage`: which task maps which requirement item, and what is left. */
export const coverageOutput = z.object({
  unit: z.object({ id: z.string(), unitCode: z.string(), title: z.string(), release: z.string().nullable() }),
  items: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      section: z.enum(requirementSections),
      parentKey: z.string().nullable(),
      text: z.string(),
      coverable: z.boolean(),
      taskIds: z.array(z.string()),
    }),
  ),
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      phase: phaseSchema,
      occasion: z.number().nullable(),
      olderReleaseItems: z.array(z.object({ key: z.string(), release: z.string() })),
    }),
  ),
  uncovered: z.array(z.string()),
  counts: z.object({ coverable: z.number(), covered: z.number(), uncovered: z.number(), tasks: z.number() }),
  /** The View Mapping text, written from the same data. */
  mappingDocument: z.string(),
});

async function requireCoverage(db: Database, unitId: string): Promise<UnitCoverage> {
  const coverage = await unitCoverage(db, unitId);
  if (!coverage) throw new AppError('NOT_FOUND', 'Unit not found');
  return coverage;
}

export async function coverageOf(db: Database, unitId: string) {
  const coverage = await requireCoverage(db, unitId);
  return { ...coverage, mappingDocument: coverageMappingDocument(coverage) };
}

/** The grid as a spreadsheet: an item a row, a task a column; formula-like text is defused. */
export async function coverageCsv(db: Database, unitId: string) {
  const coverage = await requireCoverage(db, unitId);
  const content = stringify(coverageCsvRows(coverage), {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  const fileName = `${coverage.unit.unitCode}-coverage.csv`;
  return { fileName, contentType: 'text/csv; charset=utf-8', content };
}

/**
 * The unit list with each unit's coverage counts (null for a unit with no requirements yet), so the
 * list can warn about a unit whose tasks leave items uncovered.
 */
export async function listUnitsWithCoverage(db: Database) {
  const [units, coverage] = await Promise.all([listUnits(db), countUncoveredPerUnit(db)]);
  return units.map((unit) => ({ ...unit, coverage: coverage.get(unit.id) ?? null }));
}
