import { type EvidenceMimeType, isEvidenceMimeType, normaliseMimeType } from './evidence-types';

/** How many leading bytes `matchesMagicBytes` wants; ISO-BMFF compatible-brand lists need more than 12. */
export const magicBytesHeadLength = 64;

type Sniffer = (head: Uint8Array) => boolean;

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => head[offset + i] === byte);
}

function ascii(head: Uint8Array, offset: number, length: number): string {
  if (head.length < offset + length) return '';
  return String.fromCharCode(...head.subarray(offset, offset + length));
}

function riff(form: string): Sniffer {
  return (head) => ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === form;
}

/** ISO base media (MP4, MOV, M4A, HEIF): the `ftyp` box's major brand and compatible brands. */
function ftypBrands(head: Uint8Array): string[] | null {
  if (ascii(head, 4, 4) !== 'ftyp') return null;
  const boxSize = ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
  const end = Math.min(boxSize >>> 0, head.length);
  const brands = [ascii(head, 8, 4)];
  // Bytes 12-15 are the minor version; compatible brands follow, four bytes each.
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(head, offset, 4));
  return brands;
}

const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const imageOnlyBrands = new Set([...heifBrands, 'avif', 'avis']);

/** AVIF shares the HEIF container and lists `mif1` too; its own major brand gives it away. */
const isHeif: Sniffer = (head) => {
  const brands = ftypBrands(head) ?? [];
  const major = brands[0] ?? '';
  return major !== 'avif' && major !== 'avis' && brands.some((brand) => heifBrands.has(brand));
};

/** An MP4-family container whose major brand is not a still-image one (a HEIC renamed .mp4 is refused). */
const isIsoMedia: Sniffer = (head) => {
  const major = ftypBrands(head)?.[0];
  return major !== undefined && !imageOnlyBrands.has(major);
};

/** Old QuickTime files may lack `ftyp` and open straight with another top-level atom. */
const quickTimeAtoms = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const isQuickTime: Sniffer = (head) => isIsoMedia(head) || quickTimeAtoms.has(ascii(head, 4, 4));

const isMp3: Sniffer = (head) =>
  ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0);

/** Raw AAC: an ADTS frame (sync word 0xFFF, layer 00) or an ADIF header; M4A containers also pass. */
const isAac: Sniffer = (head) =>
  (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xf6) === 0xf0) ||
  ascii(head, 0, 4) === 'ADIF' ||
  isIsoMedia(head);

const isEbml: Sniffer = (head) => startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]);

const sniffers: Record<EvidenceMimeType, Sniffer> = {
  'image/jpeg': (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  'image/png': (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': riff('WEBP'),
  'image/heic': isHeif,
  'image/heif': isHeif,
  'audio/mpeg': isMp3,
  'audio/mp4': isIsoMedia,
  'audio/x-m4a': isIsoMedia,
  'audio/aac': isAac,
  'audio/webm': isEbml,
  'audio/ogg': (head) => ascii(head, 0, 4) === 'OggS',
  'audio/wav': riff('WAVE'),
  'audio/x-wav': riff('WAVE'),
  'video/mp4': isIsoMedia,
  'video/quicktime': isQuickTime,
  'video/webm': isEbml,
  'application/pdf': (head) => ascii(head, 0, 5) === '%PDF-',
  'application/msword': (head) => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  // DOCX is a ZIP package; its first entry is not always [Content_Types].xml, so the local file header is all we check.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (head) =>
    startsWith(head, [0x50, 0x4b, 0x03, 0x04]),
};

/**
 * Whether a file's first bytes fit its declared MIME type. Types outside the evidence allow-list
 * never match, so the caller cannot forget the allow-list.
 */
export function matchesMagicBytes(mimeType: string, head: Uint8Array): boolean {
  const normalised = normaliseMimeType(mimeType);
  if (!isEvidenceMimeType(normalised)) return false;
  return sniffers[normalised](head);
}
