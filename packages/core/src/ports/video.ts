import type { Readable } from 'node:stream';

/** What ffprobe said about a recorded video. */
export type VideoProbe = {
  /** ffprobe's container names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, with the major brand (`qt  `, `isom`). */
  container: string;
  majorBrand: string | null;
  videoCodec: string | null;
  pixelFormat: string | null;
  /** `arib-std-b67` (HLG, iPhone HDR) or `smpte2084` (PQ) mark HDR video. */
  colorTransfer: string | null;
  audioCodec: string | null;
  durationSeconds: number | null;
};

/** The outputs of one conversion, valid only inside the `use` callback of `VideoConverter.convert`. */
export type ConvertedVideo = {
  probe: VideoProbe;
  /** One still from early in the clip (PNG, at most about 1000 px a side); null when none could be taken. */
  poster: Buffer | null;
  /**
   * The H.264/AAC MP4 copy with its index up front (`+faststart`), or null when the original already
   * plays in every browser. `open()` streams the finished file.
   */
  playable: { size: number; contentType: 'video/mp4'; open(): Readable } | null;
};

/**
 * Turns a recorded video into what every browser can show: a poster frame and, when needed, a
 * playable copy. Implemented with ffmpeg (packages/storage/src/video.ts). One conversion may take
 * minutes; callers run one at a time.
 */
export type VideoConverter = {
  /** Where the tools live, for the start-up log line. */
  readonly description: string;
  /**
   * Reads `source` (the original upload) into a private work folder, probes it, takes a poster and
   * makes the playable copy, then calls `use` with the results. The work folder is removed when
   * `use` settles, whatever happens. Throws when the file is not a video ffmpeg can read, when a
   * step exceeds its time limit, or when `signal` aborts (the ffmpeg child is killed).
   */
  convert<T>(
    source: Readable,
    options: { contentType: string; signal?: AbortSignal },
    use: (converted: ConvertedVideo) => Promise<T>,
  ): Promise<T>;
};
