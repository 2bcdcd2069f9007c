import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { api, put, uploadUrl } from './evidence-api';
import { type RunningServer, report, signIn, startServer } from './harness';
import { procStatusKb, watchPeakRss } from './process-memory';

const MiB = 1024 * 1024;
/** The figure is a 2 GiB pack; `pnpm bench audit-pack --pack-mb=64` for a quick look. */
const packMbArg = process.argv.find((arg) => arg.startsWith('--pack-mb='))?.slice('--pack-mb='.length);
const packBytes = Number(packMbArg ?? 2048) * MiB;
/** Files of at most 256 MiB: a pack of many large files, as a video-heavy sample is. */
const fileBytes = Math.min(256 * MiB, packBytes);

/** A PDF as the upload check sees it (its magic bytes), then one reused random MiB. */
function* fakePdf(totalBytes: number): Generator<Buffer> {
  const filler = randomBytes(MiB);
  const first = Buffer.from(filler);
  first.write('%PDF-1.7\n', 0, 'latin1');
  for (let sent = 0; sent < totalBytes; sent += MiB) {
    const chunk = sent === 0 ? first : filler;
    yield totalBytes - sent < MiB ? chunk.subarray(0, totalBytes - sent) : chunk;
  }
}

/**
 * Issue 30 §3: an audit pack of `packBytes` of evidence is built by the server's job, streamed from
 * local storage into the zip and back into storage; the server's RSS is watched from rest to the end.
 */
export async function benchAuditPack(): Promise<void> {
  const server = await startServer({
    SEED_DEMO: '1',
    MAX_DOCUMENT_MB: String(Math.ceil(fileBytes / MiB)),
    UPLOAD_QUOTA_MB: String(Math.ceil((packBytes * 2) / MiB)),
    VIDEO_PROCESSING: '0',
  });
  try {
    await measure(server);
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function measure(server: RunningServer): Promise<void> {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('server has no pid');
  const student = await signIn(server.url, 'jordan@demo.evident.local', 'evident-demo');
  const tasks = (await api(server, student, 'GET', '/api/student/tasks')) as unknown as {
    id: string;
    unitId: string;
    submission: { status: string } | null;
  }[];
  // A task still open to evidence: none sent yet, or judged not yet satisfactory.
  const task = tasks.find((t) => !t.submission || t.submission.status === 'not_yet_satisfactory');
  if (!task) throw new Error('the demo student has no task open to evidence');
  for (let stored = 0, n = 1; stored < packBytes; n++) {
    const size = Math.min(fileBytes, packBytes - stored);
    const file = { fileName: `bench-${n}.pdf`, fileType: 'application/pdf' };
    const grant = await uploadUrl(server, student, { ...file, fileSize: size });
    await put(grant.uploadUrl, file.fileType, size, Readable.from(fakePdf(size), { objectMode: false }));
    await api(server, student, 'POST', '/api/evidence', {
      ...file,
      taskId: task.id,
      objectPath: grant.objectPath,
    });
    stored += size;
  }
  const me = (await api(server, student, 'GET', '/api/auth/user')) as { id?: string; user?: { id: string } };
  const studentId = me.user?.id ?? me.id;
  const admin = await signIn(server.url, 'admin@demo.evident.local', 'evident-demo');
  // Let the uploads' garbage settle before taking the baseline.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const baselineKb = procStatusKb(pid, 'VmRSS');
  const memory = watchPeakRss(pid, baselineKb);
  const started = performance.now();
  let pack: { status?: string; sizeBytes?: number; error?: string | null } = {};
  try {
    const { id } = (await api(server, admin, 'POST', '/api/admin/audit-packs', {
      unitId: task.unitId,
      studentIds: [studentId],
    })) as { id: string };
    for (;;) {
      pack = await api(server, admin, 'GET', `/api/admin/audit-packs/${id}`);
      if (pack.status === 'ready' || pack.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    memory.stop();
  }
  const ms = performance.now() - started;
  const peak = memory.stop();
  if (pack.status !== 'ready') throw new Error(`the pack failed: ${pack.error}`);
  const mb = (packBytes / MiB).toFixed(0);
  report(`audit pack of ${mb} MiB (local disk): built in`, `${(ms / 1000).toFixed(1)} s`);
  report('  zip size', `${((pack.sizeBytes ?? 0) / MiB).toFixed(1)} MiB`);
  report('  server RSS at rest before the pack', `${(baselineKb / 1024).toFixed(0)} MB`);
  report(
    '  server peak RSS growth while building (50 ms samples)',
    `${((peak.peakKb - baselineKb) / 1024).toFixed(1)} MB`,
    '< 100 MB',
  );
  if (peak.highWaterKb !== null)
    report(
      '  server peak RSS growth (kernel high-water mark)',
      `${((peak.highWaterKb - baselineKb) / 1024).toFixed(1)} MB`,
      '< 100 MB',
    );
}
