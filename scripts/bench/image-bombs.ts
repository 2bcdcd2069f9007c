import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { api, put, uploadUrl } from './evidence-api';
import { type RunningServer, report, signIn, startServer } from './harness';
import { procStatusKb, watchPeakRss } from './process-memory';

const parallelPhotos = 8;
const side = 5000;

/**
 * Issue 11 point 2: eight 25-megapixel interlaced PNGs recorded at once. Interlacing makes a decoder
 * hold every pixel; thumbnails are made one at a time in the background, so the server's memory
 * should grow by about one picture, not eight.
 */
export async function benchImageBombs(): Promise<void> {
  console.log('\n# Images');
  const server = await startServer({ SEED_DEMO: '1' });
  try {
    await measure(server);
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** A 5000x5000 interlaced PNG with a gradient and some texture: a few MB, 25 million pixels. */
async function interlacedPng(): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      pixels[i] = (x * 255) / side;
      pixels[i + 1] = (y * 255) / side;
      pixels[i + 2] = (((x >> 5) ^ (y >> 5)) & 0x3f) + 96;
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ progressive: true, compressionLevel: 6 })
    .toBuffer();
}

type EvidenceView = { submission: { files: { thumbnailStatus: string | null }[] } | null };

async function measure(server: RunningServer): Promise<void> {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('server has no pid');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  report('server RSS at rest after start-up', `${(procStatusKb(pid, 'VmRSS') / 1024).toFixed(0)} MB`);
  const student = await signIn(server.url, 'jordan@demo.evident.local', 'evident-demo');
  const tasks = (await api(server, student, 'GET', '/api/student/tasks')) as unknown as {
    id: string;
    submission: unknown;
  }[];
  const free = tasks.filter((task) => task.submission === null);
  if (free.length < 2 * parallelPhotos) throw new Error(`the demo student has ${free.length} open tasks`);
  await recordAtOnce(server, student, free.slice(0, parallelPhotos), await interlacedPng(), '25 MP');
  await recordAtOnce(
    server,
    student,
    free.slice(parallelPhotos, 2 * parallelPhotos),
    await bomb(),
    '100 MP bomb',
  );
}

/** The audit's image bomb: 9999x9999 interlaced, one grey, a few hundred KB. */
async function bomb(): Promise<Buffer> {
  const bombSide = 9999;
  return sharp(Buffer.alloc(bombSide * bombSide, 128), {
    raw: { width: bombSide, height: bombSide, channels: 1 },
  })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

async function recordAtOnce(
  server: RunningServer,
  student: string,
  open: { id: string }[],
  png: Buffer,
  label: string,
): Promise<void> {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('server has no pid');
  const file = { fileName: 'site-plan.png', fileType: 'image/png', fileSize: png.length };
  const grants: { objectPath: string }[] = [];
  for (const _ of open) {
    const grant = await uploadUrl(server, student, file);
    await put(grant.uploadUrl, file.fileType, png.length, Readable.from([png]));
    grants.push(grant);
  }

  // Let start-up and upload garbage settle before taking the resting figure.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const restKb = procStatusKb(pid, 'VmRSS');
  report('server RSS at rest after the uploads, before recording', `${(restKb / 1024).toFixed(0)} MB`);
  const memory = watchPeakRss(pid, restKb);
  const started = performance.now();
  try {
    await Promise.all(
      open.map((task, i) =>
        api(server, student, 'POST', '/api/evidence', {
          taskId: task.id,
          fileName: file.fileName,
          fileType: file.fileType,
          objectPath: grants[i]?.objectPath,
        }),
      ),
    );
    const recordedMs = performance.now() - started;
    report(
      `${parallelPhotos} x ${label} interlaced PNG (${(png.length / 1e6).toFixed(2)} MB) recorded at once`,
      `${recordedMs.toFixed(0)} ms`,
    );
    // Until every thumbnail is made (or given up).
    for (;;) {
      const views = await Promise.all(
        open.map(
          (task) => api(server, student, 'GET', `/api/student/tasks/${task.id}/evidence`) as Promise<unknown>,
        ),
      );
      const pending = (views as EvidenceView[]).filter((view) =>
        view.submission?.files.some((f) => f.thumbnailStatus === 'pending'),
      ).length;
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    report('  all their thumbnails made or given up', `${(performance.now() - started).toFixed(0)} ms`);
  } finally {
    memory.stop();
  }
  const peak = memory.stop();
  report(
    '  server peak RSS above rest (50 ms samples)',
    `${((peak.peakKb - restKb) / 1024).toFixed(0)} MB`,
    '< 400 MB',
  );
  if (peak.highWaterKb !== null) {
    report(
      '  server peak RSS above rest (kernel high-water mark)',
      `${((peak.highWaterKb - restKb) / 1024).toFixed(0)} MB`,
      '< 400 MB',
    );
  }
}
