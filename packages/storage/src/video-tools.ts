import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

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
