/**
 * Writes a unit's Evidence Matrix as CSV (the same file as the Export button), as an assessor or admin,
 * and names on stderr the students in it whose accounts are deactivated (their work stays).
 *
 *   EVIDENT_URL=https://evident.example EVIDENT_TOKEN=evd_… npx tsx export-matrix-csv.ts BSBWHS211 [all|complete|incomplete] > matrix.csv
 */
import { createEvidentClient } from '@evident/client';

const [unitCode, filter = 'all'] = process.argv.slice(2);
const url = process.env.EVIDENT_URL;
const token = process.env.EVIDENT_TOKEN;
if (!url || !token || !unitCode) {
  console.error(
    'Usage: EVIDENT_URL=… EVIDENT_TOKEN=… export-matrix-csv.ts UNIT_CODE [all|complete|incomplete]',
  );
  process.exit(2);
}
if (filter !== 'all' && filter !== 'complete' && filter !== 'incomplete') {
  console.error('The filter is all, complete or incomplete');
  process.exit(2);
}

const evident = createEvidentClient({ url, token });
const { units } = await evident.staff.evidenceMatrix.get.query();
const unit = units.find((candidate) => candidate.unitCode.toUpperCase() === unitCode.toUpperCase());
if (!unit) {
  console.error(`No unit ${unitCode}; units: ${units.map((u) => u.unitCode).join(', ') || 'none'}`);
  process.exit(1);
}
const [csv, matrix] = await Promise.all([
  evident.staff.evidenceMatrix.exportCsv.query({ unitId: unit.id, filter }),
  evident.staff.evidenceMatrix.get.query({ unitId: unit.id }),
]);
process.stdout.write(csv.content);
console.error(`Wrote ${csv.fileName}`);
const deactivated = matrix.students.filter((student) => student.deactivated);
if (deactivated.length > 0) {
  const names = deactivated.map((student) => `${student.firstName} ${student.lastName}`).join(', ');
  console.error(`Deactivated (their work stays, they cannot sign in): ${names}`);
}
