import { describe, expect, it } from 'vitest';
import { formatByteSize, formatKilobytes } from '../src/file-size';
import { fileTypeFromName } from '../src/file-type-from-name';
import { fitWithin, isReencodablePhotoType, jpegFileName } from '../src/image-resize';
import { partsToSend, planUploadParts, shouldUploadInParts } from '../src/upload-parts';

const MB = 1024 * 1024;

describe('file sizes', () => {
  it('shows KB with one decimal, bytes divided by 1024', () => {
    expect(formatKilobytes(126_362)).toBe('123.4 KB');
    expect(formatKilobytes(0)).toBe('0.0 KB');
    expect(formatKilobytes(5 * MB)).toBe('5120.0 KB');
  });

  it('writes compact sizes for progress text without ever printing 1024 of a unit', () => {
    expect(formatByteSize(512)).toBe('512 B');
    expect(formatByteSize(1536)).toBe('1.5 KB');
    expect(formatByteSize(840 * 1024)).toBe('840 KB');
    expect(formatByteSize(1023.9 * 1024)).toBe('1.0 MB');
    expect(formatByteSize(3.44 * MB)).toBe('3.4 MB');
    expect(formatByteSize(1.2 * 1024 * MB)).toBe('1.2 GB');
    expect(formatByteSize(3000 * 1024 * MB)).toBe('3000 GB');
  });
});

describe('photo resizing', () => {
  it('scales a 12 MP photo so its longest side is 2560 px, keeping the aspect ratio', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920, scaled: true });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: 2560, scaled: true });
  });

  it('never enlarges a photo that already fits', () => {
    expect(fitWithin(2560, 1000)).toEqual({ width: 2560, height: 1000, scaled: false });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600, scaled: false });
  });

  it('keeps at least one pixel on a very thin image', () => {
    expect(fitWithin(100_000, 10, 2560)).toEqual({ width: 2560, height: 1, scaled: true });
  });

  it('re-encodes only the types every browser decodes', () => {
    expect(isReencodablePhotoType('image/jpeg')).toBe(true);
    expect(isReencodablePhotoType('IMAGE/PNG')).toBe(true);
    expect(isReencodablePhotoType('image/webp')).toBe(true);
    expect(isReencodablePhotoType('image/heic')).toBe(false);
    expect(isReencodablePhotoType('video/mp4')).toBe(false);
  });

  it('renames a re-encoded photo to .jpg', () => {
    expect(jpegFileName('IMG_0042.PNG')).toBe('IMG_0042.jpg');
    expect(jpegFileName('site.photo.webp')).toBe('site.photo.jpg');
    expect(jpegFileName('harness')).toBe('harness.jpg');
    expect(jpegFileName('.png')).toBe('photo.jpg');
  });
});

describe('upload parts', () => {
  const parts = { partSize: 8 * MB, maxParts: 10_000 };

  it('goes in parts only above the threshold and when the store takes parts', () => {
    expect(shouldUploadInParts(20 * MB, parts)).toBe(false);
    expect(shouldUploadInParts(20 * MB + 1, parts)).toBe(true);
    expect(shouldUploadInParts(500 * MB, null)).toBe(false);
    expect(shouldUploadInParts(500 * MB, { partSize: MB, maxParts: 100 })).toBe(false);
  });

  it('cuts a file into parts numbered from 1, the last one shorter', () => {
    expect(planUploadParts(20, 8)).toEqual([
      { part: 1, start: 0, end: 8 },
      { part: 2, start: 8, end: 16 },
      { part: 3, start: 16, end: 20 },
    ]);
    expect(planUploadParts(16, 8)).toHaveLength(2);
    expect(planUploadParts(0, 8)).toEqual([{ part: 1, start: 0, end: 0 }]);
    expect(() => planUploadParts(10, 0)).toThrow(RangeError);
  });

  it('resumes by sending only the parts the server lacks or holds at the wrong size', () => {
    const plan = planUploadParts(20, 8);
    expect(partsToSend(plan, [])).toEqual(plan);
    expect(
      partsToSend(plan, [
        { part: 1, size: 8 },
        { part: 3, size: 4 },
      ]).map((p) => p.part),
    ).toEqual([2]);
    expect(
      partsToSend(plan, [
        { part: 1, size: 5 },
        { part: 2, size: 8 },
        { part: 3, size: 4 },
      ]).map((p) => p.part),
    ).toEqual([1]);
    expect(
      partsToSend(
        plan,
        plan.map((p) => ({ part: p.part, size: p.end - p.start })),
      ),
    ).toEqual([]);
  });
});

describe('file type from name', () => {
  it('keeps the type the browser reports', () => {
    expect(fileTypeFromName('clip.webm', 'audio/webm;codecs=opus')).toBe('audio/webm;codecs=opus');
  });

  it('falls back to the extension when the browser reports nothing useful', () => {
    expect(fileTypeFromName('IMG_1.HEIC', '')).toBe('image/heic');
    expect(fileTypeFromName('report.docx', 'application/octet-stream')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(fileTypeFromName('notes', '')).toBe('application/octet-stream');
    expect(fileTypeFromName('archive.zip', '')).toBe('application/octet-stream');
  });
});
