import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import sharp from 'sharp';
import { launchChromium, median, type RunningServer, report, root, signIn, startServer } from './harness';

const MiB = 1024 * 1024;
const bigUploadBytes = 2 ** 30;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const mbPerSecond = (bytes: number, ms: number) => `${(bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s`;

/** Issue 4: 1 GB upload (throughput, server RSS), photo compression in Chromium, the student dashboard. */
export async function benchEvidence(): Promise<void> {
  console.log('\n# Evidence');
  await benchBigUpload();
  await benchPhotoCompression();
  await benchStudentTasks();
}

type Json = Record<string, unknown>;

async function api(server: RunningServer, cookie: string, method: string, path: string, body?: unknown) {
  // No Origin header: the server's Origin check only refuses mutations that carry a foreign one.
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as Json;
}

/** Upload URLs carry PUBLIC_URL (http://localhost:port); the bench server listens on 127.0.0.1. */
function onServer(server: RunningServer, url: string): string {
  const parsed = new URL(url);
  return `${server.url}${parsed.pathname}${parsed.search}`;
}

type UploadGrant = { uploadUrl: string; objectPath: string };

async function uploadUrl(server: RunningServer, cookie: string, file: Json): Promise<UploadGrant> {
  const grant = await api(server, cookie, 'POST', '/api/evidence/upload-url', file);
  return { uploadUrl: onServer(server, String(grant.uploadUrl)), objectPath: String(grant.objectPath) };
}

/** One PUT through node:http, so the body streams with backpressure and is never held whole. */
function put(url: string, contentType: string, length: number, body: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(length) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(text) : reject(new Error(`PUT: ${res.statusCode} ${text}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    pipeline(body, req).catch(reject);
  });
}

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

function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

/** Lowers the kernel's peak-RSS mark to the current RSS, so VmHWM afterwards is the upload's own peak. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function benchBigUpload(): Promise<void> {
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
  const hwmReset = resetPeakRss(pid);
  let peakKb = baselineKb;
  const sampler = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, procStatusKb(pid, 'VmRSS'));
    } catch {
      // The server died: the PUT fails and says so.
    }
  }, 50);
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
    clearInterval(sampler);
  }
  const uploadMs = performance.now() - started;
  peakKb = Math.max(peakKb, procStatusKb(pid, 'VmRSS'));
  const stored = (JSON.parse(answer) as { size: number }).size;
  if (stored !== bigUploadBytes) throw new Error(`server stored ${stored} bytes, sent ${bigUploadBytes}`);

  report('1 GiB upload, one PUT to the local adapter: throughput', mbPerSecond(bigUploadBytes, uploadMs));
  report('  server RSS before the upload', `${(baselineKb / 1024).toFixed(0)} MB`);
  report(
    '  server peak RSS growth during the upload (50 ms samples)',
    `${((peakKb - baselineKb) / 1024).toFixed(1)} MB`,
    '< 64 MB',
  );
  if (hwmReset) {
    report(
      '  server peak RSS growth (kernel high-water mark)',
      `${((procStatusKb(pid, 'VmHWM') - baselineKb) / 1024).toFixed(1)} MB`,
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

/** Smooth random bumps about `cell` pixels apart (value noise, smoothstep between grid points), in -1..1. */
function valueNoise(width: number, height: number, cell: number): (x: number, y: number) => number {
  const columns = Math.ceil(width / cell) + 2;
  const grid = Float32Array.from(
    { length: columns * (Math.ceil(height / cell) + 2) },
    () => Math.random() * 2 - 1,
  );
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const gx = Math.floor(x / cell);
    const gy = Math.floor(y / cell);
    const tx = smooth(x / cell - gx);
    const ty = smooth(y / cell - gy);
    const at = (dx: number, dy: number) => grid[(gy + dy) * columns + gx + dx] ?? 0;
    return (at(0, 0) * (1 - tx) + at(1, 0) * tx) * (1 - ty) + (at(0, 1) * (1 - tx) + at(1, 1) * tx) * ty;
  };
}

/**
 * A 4000x3000 photo that compresses like a phone's (about 3.5 MB at quality 93): a sky gradient with
 * soft cloud, gravelly ground with texture at three scales, a vignette, mild sensor grain, and EXIF.
 */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const cloud = valueNoise(width, height, 240);
  const coarse = valueNoise(width, height, 64);
  const mid = valueNoise(width, height, 12);
  const fine = valueNoise(width, height, 3);
  const pixels = Buffer.alloc(width * height * 3);
  const horizon = height * 0.42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      const vignette = 1 - 0.35 * (dx * dx + dy * dy);
      let r: number;
      let g: number;
      let b: number;
      if (y < horizon) {
        const t = y / horizon;
        const c = 22 * cloud(x, y);
        r = 110 + 90 * t + c;
        g = 150 + 70 * t + c;
        b = 215 + 25 * t + c / 2;
      } else {
        const t = (y - horizon) / (height - horizon);
        const texture = 70 * (0.5 * coarse(x, y) + 0.35 * mid(x, y) + 0.15 * fine(x, y));
        r = 135 - 40 * t + 1.6 * texture;
        g = 118 - 30 * t + 1.4 * texture;
        b = 80 - 20 * t + 0.8 * texture;
      }
      const grain = (Math.random() + Math.random() - 1) * 9;
      const i = (y * width + x) * 3;
      // Buffer writes wrap rather than clamp, so clamp here.
      pixels[i] = Math.max(0, Math.min(255, r * vignette + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g * vignette + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b * vignette + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 93 })
    .withExif({
      IFD0: {
        Make: 'Evident',
        Model: 'Bench Phone 12MP',
        Software: 'evident bench',
        DateTime: '2025:03:14 09:26:53',
      },
      IFD2: { DateTimeOriginal: '2025:03:14 09:26:53', ExposureTime: '1/250', FNumber: '18/10' },
    })
    .toBuffer();
}

/** The web app's compressor, bundled on its own for a blank page; it exposes `window.compressImage`. */
async function bundleCompressor(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'apps/web/src/features/evidence/compress-image.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'evidentCompressImage',
    platform: 'browser',
    target: 'es2022',
    footer: { js: 'window.compressImage = evidentCompressImage.compressImage;' },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output');
  return output.text;
}

type PageResult = {
  times: number[];
  size: number;
  reencoded: boolean;
  dimensions: { width: number; height: number } | null;
};

async function benchPhotoCompression(): Promise<void> {
  const [photo, script] = await Promise.all([twelveMegapixelJpeg(), bundleCompressor()]);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: script });
    const result = await page.evaluate(
      async ({ base64, runs }): Promise<PageResult> => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const file = new Blob([bytes], { type: 'image/jpeg' });
        const compress = (window as unknown as { compressImage: CompressImage }).compressImage;
        const times: number[] = [];
        let last: Awaited<ReturnType<CompressImage>> | null = null;
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          last = await compress(file, 'IMG_0001.jpg');
          times.push(performance.now() - started);
        }
        if (!last) throw new Error('no runs');
        return { times, size: last.blob.size, reencoded: last.reencoded, dimensions: last.dimensions };
      },
      { base64: photo.toString('base64'), runs: 5 },
    );
    report('12 MP JPEG (4000x3000, q93, EXIF): input size', mb(photo.length));
    report(
      '  compressed in headless Chromium: output size',
      result.reencoded ? mb(result.size) : 'not re-encoded',
      '< 1 MB',
    );
    if (result.dimensions) {
      report('  output dimensions', `${result.dimensions.width}x${result.dimensions.height}`);
    }
    report('  compression time (median of 5)', `${median(result.times).toFixed(0)} ms`);
  } finally {
    await browser.close();
  }
}

/** What the page calls; declared here because the web app's types need its own tsconfig. */
type CompressImage = (
  file: Blob,
  fileName: string,
) => Promise<{ blob: Blob; reencoded: boolean; dimensions: { width: number; height: number } | null }>;

const taskCount = 40;

async function benchStudentTasks(): Promise<void> {
  const server = await startServer({ SEED_DEMO: '1' });
  try {
    const admin = await signIn(server.url, 'admin@demo.evident.local', 'evident-demo');
    const unit = await api(server, admin, 'POST', '/api/admin/units', {
      unitCode: 'BENCH40',
      title: 'Benchmark unit with forty tasks',
    });
    for (let i = 1; i <= taskCount; i++) {
      await api(server, admin, 'POST', `/api/admin/units/${String(unit.id)}/tasks`, {
        title: `Benchmark task ${i}`,
        description: `Photograph step ${i} of the job and describe what you did.`,
        tooltip: 'A clear photo of the finished work is enough.',
      });
    }

    // A fresh student, so the dashboard holds exactly this unit's tasks.
    const email = 'bench.student@example.com';
    const password = 'bench-student-password';
    await api(server, '', 'POST', '/api/auth/register', {
      firstName: 'Bench',
      lastName: 'Student',
      email,
      password,
    });
    const student = await signIn(server.url, email, password);
    await api(server, student, 'POST', '/api/units/generate-tasks', { unitCode: 'BENCH40' });
    const tasks = (await api(server, student, 'GET', '/api/student/tasks')) as unknown as { id: string }[];
    if (tasks.length !== taskCount) throw new Error(`student has ${tasks.length} tasks, not ${taskCount}`);

    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 140, b: 90 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    for (const task of tasks) {
      const file = { fileName: 'photo.jpg', fileType: 'image/jpeg' };
      const grant = await uploadUrl(server, student, { ...file, fileSize: photo.length });
      await put(grant.uploadUrl, file.fileType, photo.length, Readable.from([photo]));
      await api(server, student, 'POST', '/api/evidence', {
        ...file,
        taskId: task.id,
        objectPath: grant.objectPath,
      });
    }
    const withSubmissions = (await api(server, student, 'GET', '/api/student/tasks')) as unknown as {
      submission: unknown;
    }[];
    const submitted = withSubmissions.filter((task) => task.submission !== null).length;
    if (submitted !== taskCount) throw new Error(`${submitted} of ${taskCount} tasks have a submission`);

    const result = await autocannon({
      url: `${server.url}/api/student/tasks`,
      connections: 50,
      duration: 10,
      headers: { cookie: student },
    });
    report(
      'GET /api/student/tasks, 40 tasks + 40 submissions: requests/s',
      result.requests.average.toFixed(0),
    );
    report('GET /api/student/tasks, 50 connections: p99 latency', `${result.latency.p99} ms`);
    if (result.non2xx > 0) report('  non-2xx answers during the run', String(result.non2xx));
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
