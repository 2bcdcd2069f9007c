import type { VideoProbe } from '@evident/core/ports/video';

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
