import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 30 §4: nothing in the product deletes an assessment record but disposal. The foreign keys
// (restrict) stop a deletion by cascade; this stops a new `delete` creeping into the code.

const root = join(import.meta.dirname, '../../..');
const tables = [
  'submissions',
  'evidenceFiles',
  'gradingDecisions',
  'observations',
  'unitOutcomes',
  'declarations',
  'thirdPartyReports',
  'thirdPartyRequests',
  'thirdPartyVerifications',
];
const sqlTables = [
  'submissions',
  'evidence_files',
  'grading_decisions',
  'observations',
  'unit_outcomes',
  'declarations',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'test' || name === 'e2e') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('deleting assessment records', () => {
  it('happens in disposal alone', () => {
    const files = [
      ...readdirSync(join(root, 'packages')).flatMap((pkg) => {
        const src = join(root, 'packages', pkg, 'src');
        return statSync(src, { throwIfNoEntry: false })?.isDirectory() ? sources(src) : [];
      }),
      ...sources(join(root, 'apps/server/src')),
    ];
    const orm = new RegExp(`\\.delete\\(\\s*(${tables.join('|')})\\s*\\)`);
    const raw = new RegExp(`delete\\s+from\\s+"?(${sqlTables.join('|')})\\b`, 'i');
    const deleting = files
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return orm.test(text) || raw.test(text);
      })
      .map((file) => relative(root, file));
    expect(deleting).toEqual(['packages/db/src/queries/disposals.ts']);
  });
});
