// Prints the server test files whose run depends on TEST_DATABASE_URL: those that mention it, or
// import (through the test folder's own helpers, such as harness.ts) a file that does. The test
// command runs only these again on PostgreSQL; every other file would run exactly as it did on
// PGlite (the bundle tests start their own server on its embedded database either way).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const testDir = join(root, 'apps/server/test');

/** Whether `file`, or a test helper it imports by a relative path, reads TEST_DATABASE_URL. */
function readsDatabaseUrl(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (text.includes('TEST_DATABASE_URL')) return true;
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    let target = resolve(dirname(file), match[1]);
    if (!target.startsWith(testDir)) continue;
    if (!target.endsWith('.ts')) target += '.ts';
    if (existsSync(target) && readsDatabaseUrl(target, seen)) return true;
  }
  return false;
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = testFiles(testDir)
  .filter((file) => readsDatabaseUrl(file))
  .sort();
if (files.length === 0) throw new Error('no server test reads TEST_DATABASE_URL: the harness has moved');
for (const file of files) console.log(relative(root, file));
