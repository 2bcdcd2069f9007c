/**
 * Browsers leave `File.type` empty (or generic) for some files they do not know, e.g. `.heic` on
 * desktop Chrome or `.docx` on machines without Office; the type then comes from the file's extension,
 * and the server still checks it against the allow-list and the file's first bytes.
 */
const typeByExtension: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const genericTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The file's own type when the browser knows it, else one from its extension, else the browser's answer. */
export function fileTypeFromName(fileName: string, browserType: string): string {
  const declared = browserType.trim();
  if (!genericTypes.has(declared.toLowerCase())) return declared;
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (extension && typeByExtension[extension]) || declared || 'application/octet-stream';
}
