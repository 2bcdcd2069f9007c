import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createFfmpegConverter, playableMaxSide } from '../src/video';
import { parseProbe, playsEverywhere } from '../src/video-probe';
import { findVideoTools } from '../src/video-tools';
import { removeStaleVideoWork } from '../src/video-work';

const run = promisify(execFile);
const tools = findVideoTools();
const scratch = mkdtempSync(join(tmpdir(), 'evident-video-test-'));
const workDir = mkdtempSync(join(tmpdir(), 'evident-video-work-'));
afterAll(() =>
  Promise.all([rm(scratch, { recursive: true, force: true }), rm(workDir, { recursive: true, force: true })]),
);

/** A short test-pattern clip with a tone, encoded by ffmpeg itself. */
async function clip(name: string, args: { size: string; video: string[]; format: string; rotate?: number }) {
  if (!tools.ok) throw new Error('ffmpeg is required');
  const file = join(scratch, name);
  await run(tools.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=duration=1:size=${args.size}:rate=10`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    // The clip's own video options come last, so they may override the pixel format.
    ...['-pix_fmt', 'yuv420p', ...args.video, '-c:a', 'aac', '-shortest'],
    ...['-f', args.format, file],
  ]);
  if (!args.rotate) return readFile(file);
  // How phones store portrait clips: landscape frames plus a rotation (set on a copy: ffmpeg 5 drops it when encoding).
  const rotated = join(scratch, `rotated-${name}`);
  await run(tools.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', file, '-c', 'copy'],
    ...['-metadata:s:v:0', `rotate=${args.rotate}`, '-f', args.format, rotated],
  ]);
  return readFile(rotated);
}

const hevc = ['-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];

async function probeFile(bytes: Buffer) {
  if (!tools.ok) throw new Error('ffmpeg is required');
  const file = join(scratch, `probe-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, bytes);
  const { stdout } = await run(tools.ffprobe, [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  const parsed = JSON.parse(stdout) as { streams: { codec_type: string; width?: number; height?: number }[] };
  const video = parsed.streams.find((s) => s.codec_type === 'video');
  return { ...parseProbe(stdout), width: video?.width, height: video?.height };
}

async function gather(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('finding ffmpeg', () => {
  it('reports an explicit path that is not there, naming the variable', () => {
    expect(findVideoTools({ ffmpegPath: '/nonexistent/ffmpeg' })).toEqual({
      ok: false,
      reason: 'FFMPEG_PATH /nonexistent/ffmpeg is not an executable file',
    });
  });

  it('reports tools missing from PATH', () => {
    expect(findVideoTools({ searchPath: scratch })).toEqual({
      ok: false,
      reason: 'ffmpeg was not found on PATH',
    });
  });
});

describe('which originals already play everywhere', () => {
  const mp4 = {
    container: 'mov,mp4,m4a,3gp,3g2,mj2',
    majorBrand: 'isom',
    videoCodec: 'h264',
    pixelFormat: 'yuv420p',
    colorTransfer: null,
    audioCodec: 'aac',
    durationSeconds: 3,
  };

  it('H.264/AAC in MP4 does; HEVC, QuickTime, 10-bit, Opus or a .mov type do not', () => {
    expect(playsEverywhere(mp4, 'video/mp4')).toBe(true);
    expect(playsEverywhere({ ...mp4, audioCodec: null }, 'video/mp4')).toBe(true);
    expect(playsEverywhere({ ...mp4, videoCodec: 'hevc' }, 'video/mp4')).toBe(false);
    expect(playsEverywhere({ ...mp4, majorBrand: 'qt' }, 'video/mp4')).toBe(false);
    expect(playsEverywhere({ ...mp4, pixelFormat: 'yuv420p10le' }, 'video/mp4')).toBe(false);
    expect(playsEverywhere({ ...mp4, audioCodec: 'opus' }, 'video/mp4')).toBe(false);
    expect(playsEverywhere(mp4, 'video/quicktime')).toBe(false);
  });
});

describe.skipIf(!tools.ok && !process.env.CI)('converting with ffmpeg', () => {
  const converter = () => {
    if (!tools.ok) throw new Error(`ffmpeg is required in CI: ${tools.reason}`);
    return createFfmpegConverter({ ...tools, workDir });
  };

  it('turns an HEVC .mov into a faststart H.264/AAC MP4 with a poster, and cleans up', async () => {
    const original = await clip('iphone.mov', { size: '640x360', video: hevc, format: 'mov' });
    const result = await converter().convert(
      Readable.from(original),
      { contentType: 'video/quicktime' },
      async ({ probe, poster, playable }) => {
        expect(probe).toMatchObject({ videoCodec: 'hevc', audioCodec: 'aac', majorBrand: 'qt' });
        expect(playable).not.toBeNull();
        return { poster, copy: playable ? await gather(playable.open()) : null };
      },
    );
    expect(result.copy).not.toBeNull();
    const copy = result.copy ?? Buffer.alloc(0);
    expect(await probeFile(copy)).toMatchObject({
      container: expect.stringContaining('mp4'),
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      colorTransfer: null,
      audioCodec: 'aac',
      width: 640,
      height: 360,
    });
    // +faststart: the index (moov) comes before the media data (mdat).
    expect(copy.indexOf('moov')).toBeLessThan(copy.indexOf('mdat'));
    expect((await sharp(result.poster ?? Buffer.alloc(0)).metadata()).format).toBe('png');
    expect(readdirSync(workDir)).toEqual([]);
  });

  it(`fits a portrait phone clip (stored sideways) inside ${playableMaxSide} px, upright`, async () => {
    const original = await clip('portrait.mov', {
      size: '1920x1080',
      video: hevc,
      format: 'mov',
      rotate: 90,
    });
    const copy = await converter().convert(
      Readable.from(original),
      { contentType: 'video/quicktime' },
      async (c) => (c.playable ? gather(c.playable.open()) : null),
    );
    expect(await probeFile(copy ?? Buffer.alloc(0))).toMatchObject({
      videoCodec: 'h264',
      width: 720,
      height: 1280,
    });
  });

  it('tone-maps an HDR (HLG, 10-bit) iPhone clip down to 8-bit BT.709', async () => {
    const original = await clip('hdr.mov', {
      size: '640x360',
      video: [
        ...hevc,
        ...['-pix_fmt', 'yuv420p10le', '-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67'],
        ...['-colorspace', 'bt2020nc'],
      ],
      format: 'mov',
    });
    const { copy, poster } = await converter().convert(
      Readable.from(original),
      { contentType: 'video/quicktime' },
      async (c) => {
        expect(c.probe).toMatchObject({ pixelFormat: 'yuv420p10le', colorTransfer: 'arib-std-b67' });
        return { copy: c.playable ? await gather(c.playable.open()) : null, poster: c.poster };
      },
    );
    expect(await probeFile(copy ?? Buffer.alloc(0))).toMatchObject({
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      colorTransfer: 'bt709',
    });
    expect(poster).not.toBeNull();
  });

  it('makes no copy of an MP4 that is already H.264/AAC, only a poster', async () => {
    const original = await clip('android.mp4', { size: '640x360', video: h264, format: 'mp4' });
    const outcome = await converter().convert(
      Readable.from(original),
      { contentType: 'video/mp4' },
      async (c) => c,
    );
    expect(outcome.playable).toBeNull();
    expect(outcome.poster).not.toBeNull();
  });

  it('refuses a file that only looks like a video, leaving nothing behind', async () => {
    const fake = Buffer.concat([
      Buffer.from('0000001866747970717420200000000071742020', 'hex'),
      Buffer.alloc(5000, 7),
    ]);
    await expect(
      converter().convert(Readable.from(fake), { contentType: 'video/quicktime' }, async () => 'used'),
    ).rejects.toThrow();
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('clears, at start-up, the work folder of a conversion killed a moment ago, and no others', async () => {
    if (!tools.ok) throw new Error('ffmpeg is required');
    const leftovers = mkdtempSync(join(tmpdir(), 'evident-video-leftovers-'));
    // A process that has exited: its folder is as fresh as can be, yet no one will ever finish it.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const killed = join(leftovers, `evident-video-${gone}-a1b2c3`);
    const running = join(leftovers, `evident-video-${process.ppid}-d4e5f6`);
    const ancient = join(leftovers, 'evident-video-crashed');
    const recent = join(leftovers, 'evident-video-running');
    const unrelated = join(leftovers, 'someone-else');
    for (const dir of [killed, running, ancient, recent, unrelated]) await mkdir(dir);
    await writeFile(join(killed, 'original'), Buffer.alloc(1000));
    const longAgo = new Date(Date.now() - 5 * 60 * 60_000);
    await utimes(ancient, longAgo, longAgo);
    await utimes(unrelated, longAgo, longAgo);
    expect(await removeStaleVideoWork(leftovers, 60 * 60_000)).toBe(2);
    expect(readdirSync(leftovers).sort()).toEqual(
      [`evident-video-${process.ppid}-d4e5f6`, 'evident-video-running', 'someone-else'].sort(),
    );
    await rm(leftovers, { recursive: true, force: true });
  });

  it('makes its work folders under the given parent, named for the process, and removes them after', async () => {
    if (!tools.ok) throw new Error('ffmpeg is required');
    const parent = join(mkdtempSync(join(tmpdir(), 'evident-data-')), 'tmp', 'video');
    const original = await clip('named.mp4', { size: '320x240', video: ['-c:v', 'libx264'], format: 'mp4' });
    const seen = await createFfmpegConverter({ ...tools, workDir: parent }).convert(
      Readable.from(original),
      { contentType: 'video/mp4' },
      async () => readdirSync(parent),
    );
    expect(seen).toEqual([expect.stringMatching(new RegExp(`^evident-video-${process.pid}-`))]);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('kills an ffmpeg that runs past its time limit', async () => {
    if (!tools.ok) throw new Error('ffmpeg is required');
    const original = await clip('slow.mov', { size: '640x360', video: hevc, format: 'mov' });
    const hasty = createFfmpegConverter({ ...tools, workDir, baseTimeoutMs: 20, timeoutPerSecondMs: 0 });
    await expect(
      hasty.convert(Readable.from(original), { contentType: 'video/quicktime' }, async () => 'used'),
    ).rejects.toThrow(/timed out/);
    expect(readdirSync(workDir)).toEqual([]);
  });
});
