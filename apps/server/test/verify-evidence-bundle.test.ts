import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, bundleCli } from './built-server';

// Issue 29 §6 through the bundle, as an operator runs it: `pnpm cli verify-evidence` on a data folder
// whose evidence (the demo's, recorded the real way) then has one file changed and one deleted.

const dataDir = mkdtempSync(join(tmpdir(), 'evident-verify-'));
beforeAll(buildOnce, 300_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundleCli, ...args], {
      cwd: dataDir,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', TGA_BASE_URL: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The originals students sent (thumbnails and other derived files live under other prefixes). */
function evidenceOriginals(): string[] {
  const root = join(dataDir, 'files');
  return readdirSync(join(root, 'evidence'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

describe('pnpm cli verify-evidence (the bundle)', () => {
  it('passes a clean store, then lists a changed file and a missing one and exits 1', async () => {
    const seeded = await cli(['seed-demo']);
    expect(seeded.code, seeded.stderr).toBe(0);
    const originals = evidenceOriginals();
    expect(originals.length).toBeGreaterThanOrEqual(2);

    const clean = await cli(['verify-evidence']);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain(`Checked ${originals.length} evidence files.`);
    expect(clean.stdout).toContain('Every file with a recorded SHA-256 still matches it.');

    const [changed, deleted] = originals;
    if (!changed || !deleted) throw new Error('two demo files');
    writeFileSync(join(dataDir, 'files', changed), 'not the photo the student sent');
    rmSync(join(dataDir, 'files', deleted));
    const broken = await cli(['verify-evidence']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('1 file no longer matches the SHA-256 recorded with it:');
    expect(broken.stdout).toContain(`  ${changed}  `);
    expect(broken.stdout).toContain('1 file is missing from the store:');
    expect(broken.stdout).toContain(`  ${deleted}  `);

    const refused = await cli(['verify-evidence', '--fix']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('verify-evidence: unknown argument --fix');
  }, 180_000);
});
