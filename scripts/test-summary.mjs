// Adds up what each runner reported and prints one closing line: "tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ['vitest-pglite.json', 'vitest-postgres.json']) {
  const file = join(dir, name);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
const log = join(dir, 'playwright.log');
if (existsSync(log)) {
  const text = readFileSync(log, 'utf8');
  passed += Number(text.match(/^\s*(\d+) passed/m)?.[1] ?? 0);
  failed += Number(text.match(/^\s*(\d+) failed/m)?.[1] ?? 0);
  skipped += Number(text.match(/^\s*(\d+) skipped/m)?.[1] ?? 0);
}
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
