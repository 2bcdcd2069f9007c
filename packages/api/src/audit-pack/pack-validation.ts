import type { ValidationReport } from '@evident/core/validation-report';
import type { Database } from '@evident/db/client';
import { listRoundsOfUnit } from '@evident/db/queries/validation-actions';
import { readValidationReport } from '../validation/round-report';

/**
 * The validation records an audit pack carries (issue 30 §3): each round of the pack's unit that
 * sampled one of its students, with the reviews of those students' records, the round's tool reviews
 * and actions, and the whole round's report (printed by the server's job as the round's PDF).
 */
export type PackValidationRound = {
  /** Folder inside the zip: `validation/01-2026-11-27`. */
  folder: string;
  report: ValidationReport;
  /** What the manifest and the round's JSON file record: the report cut to the pack's students. */
  record: ValidationReport & {
    sampledStudentsInPack: number;
    sampledStudentsInRound: number;
  };
};

export async function readPackValidation(
  db: Database,
  pack: { unitId: string; studentIds: string[] },
  now: Date,
): Promise<PackValidationRound[]> {
  const inPack = new Set(pack.studentIds);
  const rounds = (await listRoundsOfUnit(db, pack.unitId)).filter((round) =>
    round.sample.some((item) => inPack.has(item.studentId)),
  );
  const found: PackValidationRound[] = [];
  for (const [index, round] of rounds.entries()) {
    const report = await readValidationReport(db, round.id, now);
    if (!report) continue;
    const sample = report.sample.filter((record) => inPack.has(record.studentId));
    const missing = report.missing.filter((m) => m.studentId === null || inPack.has(m.studentId));
    found.push({
      folder: `validation/${String(index + 1).padStart(2, '0')}-${round.createdAt.toISOString().slice(0, 10)}`,
      report,
      record: {
        ...report,
        sample,
        missing,
        sampledStudentsInPack: sample.length,
        sampledStudentsInRound: round.sample.length,
      },
    });
  }
  return found;
}
