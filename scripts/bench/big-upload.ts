import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { put, uploadUrl } from './evidence-api';
import { type RunningServer, report, signIn, startServer } from './harness';
import { procStatusKb, watchPeakRss } from './process-memory';

const MiB = 1024 * 1024;
const bigUploadBytes = 2 ** 30;
const mbPerSecond = (bytes: number, ms: number) => `${(bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s`;

/** 1 GiB of an MP4 in 1 MiB chunks: a real `ftyp` box first (magic bytes), then one reused random MiB. */
function* fakeVideo(totalBytes: number): Generator<Buffer> {
  const filler = randomBytes(MiB);
  const first = Buffer.from(filler);
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  ftyp.copy(first, 0);
  for (let sent = 0; sent < totalBytes; sent += MiB) {
    const chunk = sent === 0 ? first : filler;
    yield totalBytes - sent < MiB ? chunk.subarray(0, totalBytes - sent) : chunk;
  }
}
export async function benchBigUpload(): Promise<void> {
  const server = await startServer({ SEED_DEMO: '1', MAX_VIDEO_MB: '2048' });
  try {
    try {
      await measureBigUpload(server);
    } finally {
      await server.stop();
    }
    copyOnSameDisk(server.dataDir);
  } finally {
    // Whatever failed, no gigabyte stays behind in the tmp dir.
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function measureBigUpload(server: RunningServer): Promise<void> {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('server has no pid');
  const cookie = await signIn(server.url, 'jordan@demo.evident.local', 'evident-demo');
  const grant = await uploadUrl(server, cookie, {
    fileName: 'bench.mp4',
    fileType: 'video/mp4',
    fileSize: bigUploadBytes,
  });
  // Let start-up garbage settle before taking the baseline.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baselineKb = procStatusKb(pid, 'VmRSS');
  const memory = watchPeakRss(pid, baselineKb);
  const started = performance.now();
  let answer: string;
  try {
    answer = await put(
      grant.uploadUrl,
      'video/mp4',
      bigUploadBytes,
      Readable.from(fakeVideo(bigUploadBytes), { objectMode: false }),
    );
  } finally {
    memory.stop();
  }
  const uploadMs = performance.now() - started;
  const peak = memory.stop();
  const stored = (JSON.parse(answer) as { size: number }).size;
  if (stored !== bigUploadBytes) throw new Error(`server stored ${stored} bytes, sent ${bigUploadBytes}`);

  report('1 GiB upload, one PUT to the local adapter: throughput', mbPerSecond(bigUploadBytes, uploadMs));
  report('  server RSS before the upload', `${(baselineKb / 1024).toFixed(0)} MB`);
  report(
    '  server peak RSS growth during the upload (50 ms samples)',
    `${((peak.peakKb - baselineKb) / 1024).toFixed(1)} MB`,
    '< 64 MB',
  );
  if (peak.highWaterKb !== null) {
    report(
      '  server peak RSS growth (kernel high-water mark)',
      `${((peak.highWaterKb - baselineKb) / 1024).toFixed(1)} MB`,
      '< 64 MB',
    );
  }
}

/** Beside the upload: cp of a 1 GiB file in the same dir. Both land in the page cache, neither syncs. */
function copyOnSameDisk(dir: string): void {
  const source = join(dir, 'cp-source.bin');
  const target = join(dir, 'cp-target.bin');
  const dd = spawnChecked('dd', ['if=/dev/urandom', `of=${source}`, 'bs=1M', 'count=1024', 'status=none']);
  if (dd) {
    const started = performance.now();
    if (spawnChecked('cp', [source, target])) {
      report(
        '  beside it: plain cp of a 1 GiB file on the same disk',
        mbPerSecond(bigUploadBytes, performance.now() - started),
      );
    }
  }
}

function spawnChecked(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status === 0) return true;
  report(`  ${command} failed`, String(result.status ?? result.error?.message));
  return false;
}
