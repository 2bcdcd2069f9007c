import { allowedEvidenceMimeTypes } from '@evident/core/evidence-types';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { magicBytesHeadLength, matchesMagicBytes } from '../src/magic-bytes';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const body = bytes(major, [0, 0, 0, 0], ...compatible);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from('ftyp'), body, Buffer.alloc(16)]);
}

const samples = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  heic: ftyp('heic', 'mif1', 'heic'),
  heifMif1: ftyp('mif1', 'mif1', 'heic'),
  avif: ftyp('avif', 'avif', 'mif1', 'miaf'),
  mp3Id3: bytes('ID3', [4, 0, 0, 0, 0, 0, 0]),
  mp3Frame: bytes([0xff, 0xfb, 0x90, 0x64]),
  adts: bytes([0xff, 0xf1, 0x50, 0x80]),
  m4a: ftyp('M4A ', 'M4A ', 'mp42', 'isom'),
  mp4: ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'),
  mov: ftyp('qt  ', 'qt  '),
  oldMov: bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01], 'webm'),
  ogg: bytes('OggS', [0, 2, 0, 0]),
  wav: bytes('RIFF', [0x24, 0x08, 0, 0], 'WAVEfmt '),
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3'),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  docx: bytes('PK', [3, 4, 20, 0, 6, 0], '[Content_Types].xml'),
  html: bytes('<!doctype html><script>alert(1)</script>'),
  exe: bytes('MZ', [0x90, 0, 3, 0]),
  zipNotDocx: bytes('PK', [5, 6, 0, 0]),
  empty: Buffer.alloc(0),
};

const matching: [string, keyof typeof samples][] = [
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/heic', 'heic'],
  ['image/heif', 'heifMif1'],
  ['audio/mpeg', 'mp3Id3'],
  ['audio/mpeg', 'mp3Frame'],
  ['audio/aac', 'adts'],
  ['audio/aac', 'm4a'],
  ['audio/mp4', 'm4a'],
  ['audio/x-m4a', 'm4a'],
  ['audio/webm', 'webm'],
  ['audio/ogg', 'ogg'],
  ['audio/wav', 'wav'],
  ['audio/x-wav', 'wav'],
  ['video/mp4', 'mp4'],
  ['video/quicktime', 'mov'],
  ['video/quicktime', 'oldMov'],
  ['video/webm', 'webm'],
  ['application/pdf', 'pdf'],
  ['application/msword', 'doc'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
];

const lies: [string, keyof typeof samples][] = [
  ['image/jpeg', 'png'],
  ['image/png', 'jpeg'],
  ['image/png', 'html'],
  ['image/webp', 'wav'],
  ['audio/wav', 'webp'],
  ['image/heic', 'mp4'],
  ['image/heic', 'avif'],
  ['video/mp4', 'heic'],
  ['video/quicktime', 'heifMif1'],
  ['audio/mpeg', 'pdf'],
  ['audio/mpeg', 'jpeg'],
  ['audio/ogg', 'webm'],
  ['video/webm', 'ogg'],
  ['application/pdf', 'html'],
  ['application/pdf', 'exe'],
  ['application/msword', 'docx'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'doc'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'zipNotDocx'],
  ['image/jpeg', 'empty'],
  ['video/mp4', 'empty'],
];

describe('matchesMagicBytes', () => {
  it.each(matching)('accepts %s with %s bytes', (mime, sample) => {
    expect(matchesMagicBytes(mime, samples[sample])).toBe(true);
  });

  it.each(lies)('refuses %s that is really %s', (mime, sample) => {
    expect(matchesMagicBytes(mime, samples[sample])).toBe(false);
  });

  it('covers every allowed type', () => {
    const tested = new Set(matching.map(([mime]) => mime));
    expect(allowedEvidenceMimeTypes.filter((mime) => !tested.has(mime))).toEqual([]);
  });

  it('ignores case and parameters in the declared type', () => {
    expect(matchesMagicBytes('Audio/WebM; codecs=opus', samples.webm)).toBe(true);
  });

  it('refuses types outside the allow-list even with plausible bytes', () => {
    expect(matchesMagicBytes('text/html', samples.html)).toBe(false);
    expect(matchesMagicBytes('image/svg+xml', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      false,
    );
    expect(matchesMagicBytes('application/zip', samples.docx)).toBe(false);
  });

  it('recognises real encoder output, not only hand-made headers', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } });
    const head = (buffer: Buffer) => buffer.subarray(0, magicBytesHeadLength);
    expect(matchesMagicBytes('image/jpeg', head(await base.clone().jpeg().toBuffer()))).toBe(true);
    expect(matchesMagicBytes('image/png', head(await base.clone().png().toBuffer()))).toBe(true);
    expect(matchesMagicBytes('image/webp', head(await base.clone().webp().toBuffer()))).toBe(true);
    const avif = head(await base.clone().avif().toBuffer());
    // AVIF shares HEIF's container; it is not on the allow-list and must not pass as HEIC.
    expect(matchesMagicBytes('image/heic', avif)).toBe(false);
    expect(matchesMagicBytes('image/png', head(await base.clone().webp().toBuffer()))).toBe(false);
  });
});
