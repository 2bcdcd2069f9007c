import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client';

const dir = mkdtempSync(join(tmpdir(), 'evident-pglite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database', () => {
  // A new on-disk cluster runs initdb in WASM: about 3 s alone, over 30 s on a loaded two-core machine
  // running other test files beside it.
  it('runs with small shared buffers so the server stays small at rest, keeping PGlite defaults', {
    timeout: 120_000,
  }, async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    try {
      const buffers = await database.db.execute(sql`show shared_buffers`);
      const path = await database.db.execute(sql`show search_path`);
      expect((buffers as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers).toBe(
        '8MB',
      );
      // PGlite's own start parameters (search_path=public among them) still apply.
      expect((path as unknown as { rows: { search_path: string }[] }).rows[0]?.search_path).toBe('public');
    } finally {
      await database.close();
    }
  });
});
