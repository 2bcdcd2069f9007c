import { type EvidenceMimeType, isEvidenceMimeType, normaliseMimeType } from './evidence-types';

/**
 * The extensions a saved file of each checked type may end in, the usual one first. A browser (and
 * then the desktop) decides how to open a download by its name, not by the bytes we checked.
 */
const extensionsByType: Readonly<Record<EvidenceMimeType, readonly [string, ...string[]]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['m4a', 'mp4'],
  'audio/x-m4a': ['m4a'],
  'audio/aac': ['aac', 'm4a'],
  'audio/webm': ['webm', 'weba'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
};

/**
 * Control characters (C0, DEL, C1), format characters (bidi embeddings, overrides and isolates such as
 * U+202E, the LRM/RLM marks, zero-width spaces and joiners, BOM) and line/paragraph separators. A bidi
 * override makes `\u202egpj.exe` read as `exe.jpg` in a file manager; the others hide or break names.
 */
const invisibleCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * What a student typed, made safe to offer as a file name: nothing invisible, no folders (a `/` or `\`
 * becomes `_`, so `../../etc/passwd.jpg` saves as `_.._etc_passwd.jpg` in the downloads folder), and
 * no leading dot that would hide the file.
 */
function plainFileName(fileName: string): string {
  return fileName.replace(invisibleCharacters, '').replace(/[/\\]/g, '_').trim().replace(/^\.+/, '').trim();
}

/**
 * The name a download is offered under: the student's own name when its extension fits the type the
 * file's bytes were checked as, otherwise that name with the type's extension added
 * (`evidence.html` holding a JPEG is saved as `evidence.html.jpg`, and opens as a picture). Adding
 * rather than replacing keeps every part of the name the student chose.
 */
export function downloadFileName(fileName: string, mimeType: string): string {
  const type = normaliseMimeType(mimeType);
  const name = plainFileName(fileName) || 'evidence';
  if (!isEvidenceMimeType(type)) return name;
  const allowed = extensionsByType[type];
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
  if (extension && allowed.includes(extension)) return name;
  return `${name}.${allowed[0]}`;
}
