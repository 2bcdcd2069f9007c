import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ConvertedVideo, VideoConverter, VideoProbe } from '@evident/core/ports/video';
import { parseProbe, playsEverywhere } from './video-probe';
import { posterTimeoutMs, probeTimeoutMs, run, ToolFailure } from './video-run';
import { createVideoWorkFolder, removeStaleVideoWork } from './video-work';

/**
 * Longest side of the playable copy. 1280 (720p) rather than 1920: it is enough to see what a
 * student did at work, it encodes about twice as fast as 1080p on the two-core machines we run on,
 * and it is a third of the bytes for assessors on mobile data. The original stays downloadable.
 */
export const playableMaxSide = 1280;
export const posterMaxSide = 960;

export type FfmpegConverterOptions = {
  ffmpeg: string;
  ffprobe: string;
  /**
   * Parent of the per-conversion work folders: the server gives each data folder its own
   * (DATA_DIR/tmp/video); the system temp folder by default.
   */
  workDir?: string;
  /** Time limit of the transcode: `baseTimeoutMs` plus `timeoutPerSecondMs` per second of video. */
  baseTimeoutMs?: number;
  timeoutPerSecondMs?: number;
  maxTimeoutMs?: number;
};

/** Fits inside max x max without enlarging, even dimensions (H.264 4:2:0 needs them). */
const fitInside = (max: number) =>
  `scale=w='min(${max},iw)':h='min(${max},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`;

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
  // Folders left by a process that died mid-conversion go before this one makes its first.
  const cleared = removeStaleVideoWork(workDir, maxTimeoutMs + 60 * 60_000);

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
      await cleared;
      const dir = await createVideoWorkFolder(workDir);
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
