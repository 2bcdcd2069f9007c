/**
 * Choosing how the browser records audio evidence (MediaRecorder) and naming the result. Every type
 * here is on the server's allow-list (evidence-types.ts): Chrome, Edge and Firefox record WebM/Opus,
 * Safari records MP4/AAC.
 */
export const recordingTypeCandidates = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/ogg;codecs=opus',
] as const;

/** The first candidate the browser can record, or undefined to let the browser pick its default. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return recordingTypeCandidates.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

const extensionByType: Readonly<Record<string, string>> = {
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

/** `Audio recording 2025-03-04 14-05.webm`: a name that sorts by time and says what it is. */
export function recordingFileName(recordedAt: Date, mimeType: string): string {
  const base = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  const extension = extensionByType[base] ?? 'webm';
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${recordedAt.getFullYear()}-${pad(recordedAt.getMonth() + 1)}-${pad(recordedAt.getDate())}`;
  const time = `${pad(recordedAt.getHours())}-${pad(recordedAt.getMinutes())}`;
  return `Audio recording ${day} ${time}.${extension}`;
}

/** `m:ss` (or `h:mm:ss`) for a recording's elapsed time. */
export function formatElapsed(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
