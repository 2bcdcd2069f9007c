import { spawn } from 'node:child_process';
import { accessSync, constants, createReadStream, createWriteStream, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ConvertedVideo, VideoConverter, VideoProbe } from '@evident/core/ports/video';

/**
 * Longest side of the playable copy. 1280 (720p) rather than 1920: it is enough to see what a
 * student did at work, it encodes about twice as fast as 1080p on the two-core machines we run on,
 * and it is a third of the bytes for assessors on mobile data. The original stays downloadable.
 */
export const playableMaxSide = 1280;
export const posterMaxSide = 960;

export type VideoToolsConfig = {
  /** Explicit paths (FFMPEG_PATH / FFPROBE_PATH); otherwise `ffmpeg` / `ffprobe` are looked up on PATH. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** PATH to search; defaults to the process's. */
  searchPath?: string;
};

export type VideoToolsLookup = { ok: true; ffmpeg: string; ffprobe: string } | { ok: false; reason: string };

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function findTool(name: string, explicit: string | undefined, searchPath: string): string | null {
  if (explicit) return isExecutable(explicit) ? explicit : null;
  for (const dir of searchPath.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** Finds ffmpeg and ffprobe; says why not when either is missing. Synchronous: it runs once at start-up. */
export function findVideoTools(config: VideoToolsConfig = {}): VideoToolsLookup {
  const searchPath = config.searchPath ?? process.env.PATH ?? '';
  const ffmpeg = findTool('ffmpeg', config.ffmpegPath, searchPath);
  const ffprobe = findTool('ffprobe', config.ffprobePath, searchPath);
  const missing = (name: string, explicit: string | undefined, variable: string) =>
    explicit ? `${variable} ${explicit} is not an executable file` : `${name} was not found on PATH`;
  if (!ffmpeg) return { ok: false, reason: missing('ffmpeg', config.ffmpegPath, 'FFMPEG_PATH') };
  if (!ffprobe) return { ok: false, reason: missing('ffprobe', config.ffprobePath, 'FFPROBE_PATH') };
  return { ok: true, ffmpeg, ffprobe };
}

export type FfmpegConverterOptions = {
  ffmpeg: string;
  ffprobe: string;
  /** Parent of the per-conversion work folders; the system temp folder by default. */
  workDir?: string;
  /** Time limit of the transcode: `baseTimeoutMs` plus `timeoutPerSecondMs` per second of video. */
  baseTimeoutMs?: number;
  timeoutPerSecondMs?: number;
  maxTimeoutMs?: number;
};

const probeTimeoutMs = 60_000;
const posterTimeoutMs = 120_000;
const stderrKeptBytes = 2000;

class ToolFailure extends Error {}

/** Runs a tool with a time limit and at low CPU priority, so web requests still win on a busy box. */
function run(
  command: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; stdout?: boolean },
): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ToolFailure('stopped before it started'));
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted in some containers; running at normal priority is fine.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrKeptBytes);
    });
    let why: string | null = null;
    const kill = (reason: string) => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => kill(`timed out after ${Math.round(options.timeoutMs / 1000)} s`),
      options.timeoutMs,
    );
    const onAbort = () => kill('stopped');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      done();
      reject(new ToolFailure(`could not run ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      done();
      if (why) reject(new ToolFailure(why));
      else if (code !== 0) {
        const detail = stderr.trim().split('\n').slice(-3).join(' | ') || `exit code ${code}`;
        reject(new ToolFailure(detail));
      } else resolve({ stdout });
    });
  });
}

type FfprobeOutput = {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    color_transfer?: string;
    disposition?: { attached_pic?: number };
  }[];
};

export function parseProbe(json: string): VideoProbe {
  const parsed = JSON.parse(json) as FfprobeOutput;
  const streams = parsed.streams ?? [];
  // Cover art in an MP4 is a "video" stream too; it is not the recording.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(parsed.format?.duration);
  return {
    container: parsed.format?.format_name ?? '',
    majorBrand: parsed.format?.tags?.major_brand?.trim() || null,
    videoCodec: video?.codec_name ?? null,
    pixelFormat: video?.pix_fmt ?? null,
    colorTransfer: video?.color_transfer ?? null,
    audioCodec: audio?.codec_name ?? null,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}

/**
 * Whether a file already plays in Chrome, Firefox, Safari and Edge on every OS: 8-bit 4:2:0 H.264
 * with AAC sound (or none) in an MP4 (not a QuickTime .mov, which Firefox refuses by its type).
 */
export function playsEverywhere(probe: VideoProbe, contentType: string): boolean {
  return (
    contentType === 'video/mp4' &&
    probe.container.split(',').includes('mp4') &&
    probe.majorBrand !== 'qt' &&
    probe.videoCodec === 'h264' &&
    (probe.pixelFormat === 'yuv420p' || probe.pixelFormat === 'yuvj420p') &&
    (probe.audioCodec === null || probe.audioCodec === 'aac')
  );
}

/** Fits inside max x max without enlarging, even dimensions (H.264 4:2:0 needs them). */
const fitInside = (max: number) =>
  `scale=w='min(${max},iw)':h='min(${max},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`;

const workPrefix = 'evident-video-';

async function removeStaleWork(workDir: string, olderThanMs: number): Promise<void> {
  try {
    for (const name of await readdir(workDir)) {
      if (!name.startsWith(workPrefix)) continue;
      const path = join(workDir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isDirectory() && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(path, { recursive: true, force: true });
      }
    }
  } catch {
    // Best effort: the folder may not be readable; nothing depends on this.
  }
}

const hdrTransfers = new Set(['arib-std-b67', 'smpte2084']);

/**
 * HDR (iPhones film HLG by default) squeezed into 8-bit SDR as is looks grey and flat: map its
 * light levels down to BT.709 first. Runs after scaling, so the float maths works on fewer pixels.
 */
function toneMapFor(probe: VideoProbe): string[] {
  if (!probe.colorTransfer || !hdrTransfers.has(probe.colorTransfer)) return [];
  return [
    'zscale=t=linear:npl=100',
    'format=gbrpf32le',
    'zscale=p=bt709',
    'tonemap=tonemap=hable:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
  ];
}

/**
 * The ffmpeg video converter. Input rotation (phones store portrait clips sideways with a rotation
 * flag) is applied by ffmpeg before scaling. Metadata, GPS location included, is not copied.
 */
export function createFfmpegConverter(options: FfmpegConverterOptions): VideoConverter {
  const { ffmpeg, ffprobe } = options;
  const baseTimeoutMs = options.baseTimeoutMs ?? 5 * 60_000;
  const perSecondMs = options.timeoutPerSecondMs ?? 10_000;
  const maxTimeoutMs = options.maxTimeoutMs ?? 3 * 60 * 60_000;
  const quiet = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  const workDir = options.workDir ?? tmpdir();
  // Folders left by a process that died mid-conversion; a live one is never older than its time limit.
  void removeStaleWork(workDir, maxTimeoutMs + 60 * 60_000);

  async function probe(input: string, signal?: AbortSignal): Promise<VideoProbe> {
    const { stdout } = await run(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input],
      { timeoutMs: probeTimeoutMs, signal, stdout: true },
    );
    const result = parseProbe(stdout);
    if (!result.videoCodec) throw new ToolFailure('no video stream found');
    return result;
  }

  async function takePoster(input: string, output: string, probed: VideoProbe, signal?: AbortSignal) {
    // A frame a little way in: the first one is often black or blurred by the phone moving.
    const at = Math.min(1, (probed.durationSeconds ?? 0) / 3);
    await run(
      ffmpeg,
      [
        ...quiet,
        ...(at > 0 ? ['-ss', at.toFixed(2)] : []),
        '-i',
        input,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        [fitInside(posterMaxSide), ...toneMapFor(probed)].join(','),
        '-f',
        'image2',
        '-c:v',
        'png',
        output,
      ],
      { timeoutMs: posterTimeoutMs, signal },
    );
    return readFile(output);
  }

  async function transcode(
    input: string,
    output: string,
    probed: VideoProbe,
    timeoutMs: number,
    signal?: AbortSignal,
  ) {
    const toneMap = toneMapFor(probed);
    await run(
      ffmpeg,
      [
        ...quiet,
        '-i',
        input,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-sn',
        '-dn',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        '-vf',
        [fitInside(playableMaxSide), ...toneMap, 'format=yuv420p'].join(','),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-profile:v',
        'high',
        ...(toneMap.length > 0
          ? ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709']
          : []),
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        output,
      ],
      { timeoutMs, signal },
    );
  }

  return {
    description: `ffmpeg at ${ffmpeg}, ffprobe at ${ffprobe}`,

    async convert(source, { contentType, signal }, use) {
      const dir = await mkdtemp(join(workDir, workPrefix));
      try {
        const input = join(dir, 'original');
        // A file, not a pipe: QuickTime files from phones keep their index at the end.
        await pipeline(source, createWriteStream(input), { signal });
        const probed = await probe(input, signal);
        const duration = probed.durationSeconds ?? 0;
        // Best effort: a clip with a picture ffmpeg can convert but not seek in still gets its copy.
        const poster = await takePoster(input, join(dir, 'poster.png'), probed, signal).catch(() => null);
        let playable: ConvertedVideo['playable'] = null;
        if (!playsEverywhere(probed, contentType)) {
          const output = join(dir, 'playable.mp4');
          const timeoutMs = Math.min(maxTimeoutMs, baseTimeoutMs + Math.ceil(duration) * perSecondMs);
          await transcode(input, output, probed, timeoutMs, signal);
          const { size } = await stat(output);
          playable = { size, contentType: 'video/mp4', open: () => createReadStream(output) };
        }
        return await use({ probe: probed, poster, playable });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
