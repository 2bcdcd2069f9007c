import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createJobWorker, createVideoJob } from '@evident/api/jobs';
import { playablePathFor, thumbnailPathFor } from '@evident/core/object-path';
import { enqueueJob } from '@evident/db/queries/jobs';
import { videoJob } from '@evident/db/queries/video-jobs';
import { evidenceFiles, jobs } from '@evident/db/schema';
import { sharpImages } from '@evident/storage/thumbnail';
import { findVideoTools } from '@evident/storage/video-tools';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../packages/storage/test/fake-s3-server';
import { pathOf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv } from './harness';
import { corruptMov, type Env, processedFile, recordVideo } from './video-fixtures';

const run = promisify(execFile);
const tools = findVideoTools();
const scratch = mkdtempSync(join(tmpdir(), 'evident-video-flow-'));

/** One second of test pattern with a tone, as an iPhone stores it: HEVC and AAC in a QuickTime .mov. */
async function iphoneClip(): Promise<Buffer> {
  if (!tools.ok) throw new Error(`ffmpeg is required: ${tools.reason}`);
  const file = join(scratch, 'clip.mov');
  await run(tools.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=1:size=640x360:rate=10'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-f', 'mov', file],
  ]);
  return readFile(file);
}

async function ffprobe(bytes: Buffer) {
  if (!tools.ok) throw new Error('ffprobe is required');
  const file = join(scratch, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  await writeFile(file, bytes);
  const { stdout } = await run(tools.ffprobe, [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(stdout) as {
    format: { format_name: string; tags?: { major_brand?: string } };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
}

afterAll(() => rm(scratch, { recursive: true, force: true }));

describe.skipIf(!tools.ok && !process.env.CI)('video evidence with ffmpeg on local disk', () => {
  const ctx = {} as Env;
  beforeAll(async () => {
    ctx.env = await createTestEnv();
    ctx.app = await ctx.env.app();
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.env.close();
  });

  it('an iPhone HEVC .mov gets a WebP poster and an H.264 MP4 copy that the viewer plays; the original stays', async () => {
    expect(ctx.env.services.videoProcessing).toBe(true);
    const { caller, task } = await studentWithUnit(ctx.env);
    const original = await iphoneClip();
    const { recorded, objectPath } = await recordVideo(
      ctx,
      caller,
      task.id,
      'Forklift pre-start.mov',
      'video/quicktime',
      original,
    );
    // The student's answer does not wait for ffmpeg.
    expect(recorded.file).toMatchObject({ fileType: 'video/quicktime', hasThumbnail: false });

    const file = await processedFile(caller, task.id);
    expect(file).toMatchObject({
      videoStatus: 'ready',
      playableUrl: expect.stringMatching(/^http:\/\/evident\.test\/files\/download\/playable\//),
      thumbnailUrl: expect.stringMatching(/^http:\/\/evident\.test\/files\/download\/thumbnails\//),
    });

    const copy = await ctx.app.inject({ method: 'GET', url: pathOf(file.playableUrl ?? '') });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('video/mp4');
    const probed = await ffprobe(copy.rawPayload);
    expect(probed.format.format_name).toContain('mp4');
    expect(probed.format.tags?.major_brand).not.toBe('qt  ');
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(probed.streams[0]).toMatchObject({ width: 640, height: 360 });

    const poster = await ctx.app.inject({ method: 'GET', url: pathOf(file.thumbnailUrl ?? '') });
    expect(poster.headers['content-type']).toBe('image/webp');
    const meta = await sharp(poster.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([480, 270]);

    // The upload itself is untouched, still served as the file and the download.
    expect(await readFile(join(ctx.env.dataDir, 'files', objectPath))).toEqual(original);
    const served = await ctx.app.inject({ method: 'GET', url: pathOf(file.url) });
    expect(served.rawPayload).toEqual(original);
    expect(served.headers['content-type']).toBe('video/quicktime');
  });

  it('a corrupt "video" is marked failed, and the original still plays as uploaded', async () => {
    const { caller, task } = await studentWithUnit(ctx.env);
    const bytes = corruptMov();
    await recordVideo(ctx, caller, task.id, 'Broken.mov', 'video/quicktime', bytes);

    const file = await processedFile(caller, task.id);
    expect(file).toMatchObject({ videoStatus: 'failed', playableUrl: null, thumbnailUrl: null });
    const served = await ctx.app.inject({ method: 'GET', url: pathOf(file.url) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
  });

  it('video evidence recorded before a restart is processed by the next server from the database', async () => {
    const { caller, task } = await studentWithUnit(ctx.env);
    const original = await iphoneClip();
    // The server that recorded it stopped before it got to the video: it is left pending in the database.
    const { objectPath } = await recordVideo(
      ctx,
      caller,
      task.id,
      'Before restart.mov',
      'video/quicktime',
      original,
    );
    const row = async () =>
      (await ctx.env.db.select().from(evidenceFiles).where(eq(evidenceFiles.objectPath, objectPath)))[0];
    // Whatever the running worker did, put the rows back to how a crash mid-work leaves them: the
    // file pending, its job running under a lock that has expired.
    const { id: fileId } = await processedFile(caller, task.id);
    // This server's worker stops first: running, it could take the job enqueued below before the
    // update marks it as the killed server's (on PostgreSQL a notification wakes it at once).
    await ctx.env.services.jobs.stop();
    await ctx.env.db
      .update(evidenceFiles)
      .set({ videoStatus: 'pending', playablePath: null, thumbnailPath: null })
      .where(eq(evidenceFiles.objectPath, objectPath));
    await enqueueJob(ctx.env.db, videoJob(fileId));
    await ctx.env.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'a killed server',
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(and(eq(jobs.dedupeKey, `video:${fileId}`), eq(jobs.status, 'queued')));

    if (!tools.ok) throw new Error('ffmpeg is required');
    const { createFfmpegConverter } = await import('@evident/storage/video');
    const restarted = createJobWorker(ctx.env.services, {
      video: createVideoJob({
        db: ctx.env.db,
        storage: ctx.env.services.storage,
        log: ctx.env.services.log,
        events: ctx.env.services.events,
        converter: createFfmpegConverter(tools),
        images: sharpImages,
      }),
    });
    restarted.wake();
    try {
      const file = await processedFile(caller, task.id);
      expect(file.videoStatus).toBe('ready');
      expect(await row()).toMatchObject({ playablePath: playablePathFor(objectPath) });
      await restarted.idle();
      const videoJobs = await ctx.env.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `video:${fileId}`));
      expect(videoJobs.map((job) => [job.status, job.attempts])).toContainEqual(['done', 2]);
    } finally {
      await restarted.stop();
    }
  });
});

describe.skipIf(!tools.ok && !process.env.CI)('video evidence with ffmpeg on an S3-compatible bucket', () => {
  it('reads the original from the bucket and stores the poster and H.264 copy beside it', async () => {
    const s3 = await startFakeS3();
    const env = await createTestEnv({ env: s3.env });
    try {
      const { caller, task } = await studentWithUnit(env);
      const original = await iphoneClip();
      const grant = await caller.student.evidence.requestUploadUrl({
        fileName: 'Site walk.mov',
        fileType: 'video/quicktime',
      });
      const put = await fetch(grant.uploadUrl, {
        method: grant.method,
        headers: grant.headers,
        body: new Uint8Array(original),
      });
      expect(put.status).toBe(200);
      await caller.student.evidence.record({
        taskId: task.id,
        fileName: 'Site walk.mov',
        fileType: 'video/quicktime',
        objectPath: grant.objectPath,
      });

      const file = await processedFile(caller, task.id);
      expect(file.videoStatus).toBe('ready');
      const copy = s3.objects.get(playablePathFor(grant.objectPath));
      expect(copy?.contentType).toBe('video/mp4');
      const probed = await ffprobe(copy?.body ?? Buffer.alloc(0));
      expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
      expect(s3.objects.get(thumbnailPathFor(grant.objectPath))?.contentType).toBe('image/webp');
      expect(s3.objects.get(grant.objectPath)?.body.equals(original)).toBe(true);
      const played = await fetch(file.playableUrl ?? '');
      expect(played.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await played.arrayBuffer()).equals(copy?.body ?? Buffer.alloc(0))).toBe(true);
    } finally {
      if (env.services.storage.kind === 's3') env.services.storage.client.destroy();
      await env.close();
      await s3.close();
    }
  });
});
