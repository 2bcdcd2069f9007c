import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@evident/db/client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/start-server';
import { pgliteTemplate } from './database-template';

const hour = 60 * 60 * 1000;

async function fileAged(path: string, ageMs: number) {
  await writeFile(path, 'half of something');
  const at = new Date(Date.now() - ageMs);
  await utimes(path, at, at);
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
}

describe('files an upload killed mid-way left on local disk', () => {
  it('a start removes temporary files untouched for over an hour, and keeps a live upload’s and resumable parts', async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'evident-leftovers-')),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      TGA_BASE_URL: 'off',
    });
    if (config.database.kind !== 'pglite') throw new Error('the embedded database was expected');
    const before = await openDatabase({ ...config.database, loadDataDir: await pgliteTemplate() });
    await before.migrate();
    await before.close();

    // As writeInto names them, beside the object a grant was issued for.
    const folder = join(
      config.dataDir,
      'files',
      'evidence',
      'someone',
      '0b5f8c3e-8d6a-4c6e-9d0e-3f2a1b4c5d6e',
    );
    await mkdir(folder, { recursive: true });
    const killed = join(folder, '.site.mp4.upload.6f1c2d3e-aaaa-4bbb-8ccc-123456789abc.tmp');
    const inProgress = join(folder, '.other.mp4.upload.7a2b3c4d-aaaa-4bbb-8ccc-123456789abc.tmp');
    // A part of an upload in parts: its link (four hours for a video) may still finish it.
    const part = join(folder, '.site.mp4.part-1');
    await fileAged(killed, 2 * hour);
    await fileAged(inProgress, 0);
    await fileAged(part, 2 * hour);

    const { app } = await startServer(config);
    try {
      // The sweep's first run comes some seconds after the start, so as not to weigh on it.
      await until(() => !existsSync(killed), 45_000);
      expect(existsSync(killed)).toBe(false);
      expect(existsSync(inProgress)).toBe(true);
      expect(existsSync(part)).toBe(true);
    } finally {
      await app.close();
    }
  }, 90_000);
});
