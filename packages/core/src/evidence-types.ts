/**
 * Which files a student may upload as evidence, and how large each kind may be.
 * The allow-list is checked when an upload URL is issued and again, with magic bytes, once the
 * bytes have landed (a browser's declared type is only a claim).
 */
export const evidenceKinds = ['image', 'audio', 'video', 'document'] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

export const evidenceMimeTypes = {
  image: ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp'],
  audio: [
    'audio/mpeg',
    'audio/mp4',
    'audio/aac',
    'audio/x-m4a',
    'audio/webm',
    'audio/ogg',
    'audio/wav',
    'audio/x-wav',
  ],
  video: ['video/mp4', 'video/quicktime', 'video/webm'],
  document: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
} as const satisfies Record<EvidenceKind, readonly string[]>;

export type EvidenceMimeType = (typeof evidenceMimeTypes)[EvidenceKind][number];

const kindByMimeType: ReadonlyMap<string, EvidenceKind> = new Map(
  evidenceKinds.flatMap((kind) => evidenceMimeTypes[kind].map((mime) => [mime, kind] as const)),
);

export const allowedEvidenceMimeTypes: readonly EvidenceMimeType[] = evidenceKinds.flatMap(
  (kind) => evidenceMimeTypes[kind],
);

const MB = 1024 * 1024;

/** Defaults; the server may override any of them from its config. */
export const defaultEvidenceMaxBytes: Readonly<Record<EvidenceKind, number>> = {
  image: 25 * MB,
  audio: 100 * MB,
  video: 1024 * MB,
  document: 50 * MB,
};

/**
 * Lower-cases and drops parameters (`audio/webm;codecs=opus` -> `audio/webm`): MediaRecorder and
 * some pickers add them, and the allow-list is about the container, not the codec.
 */
export function normaliseMimeType(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isEvidenceMimeType(mimeType: string): mimeType is EvidenceMimeType {
  return kindByMimeType.has(mimeType);
}

/** The kind of an allowed MIME type (parameters and case ignored), or null when it is not allowed. */
export function kindOfMimeType(mimeType: string): EvidenceKind | null {
  return kindByMimeType.get(normaliseMimeType(mimeType)) ?? null;
}

/** Size limit for a MIME type, or null when the type is not allowed at all. */
export function maxEvidenceBytes(
  mimeType: string,
  overrides: Partial<Record<EvidenceKind, number>> = {},
): number | null {
  const kind = kindOfMimeType(mimeType);
  if (!kind) return null;
  return overrides[kind] ?? defaultEvidenceMaxBytes[kind];
}
