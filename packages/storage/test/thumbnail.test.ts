import { PassThrough, Readable } from 'node:stream';
import { matchesMagicBytes } from '@evident/core/magic-bytes';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createThumbnail } from '../src/thumbnail';

/** A landscape JPEG, red on the left half and blue on the right, as a phone camera stores it. */
async function cameraJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 });
  const withExif = orientation
    ? image.withMetadata({ orientation, exif: { IFD0: { Make: 'EvidentPhone', Copyright: 'secret GPS' } } })
    : image;
  return withExif.toBuffer();
}

async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}

describe('createThumbnail', () => {
  it('turns a sideways phone photo upright, fits it in 480x480 as WebP and drops its EXIF', async () => {
    const input = await cameraJpeg(1600, 800, 6);
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const thumb = await createThumbnail(input);
    expect(matchesMagicBytes('image/webp', thumb)).toBe(true);
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([240, 480]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90 degrees clockwise": the red left half ends up on top.
    const [topR, , topB] = await pixel(thumb, 120, 40);
    const [bottomR, , bottomB] = await pixel(thumb, 120, 440);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('does not enlarge a small image and reads from a stream', async () => {
    const input = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const thumb = await createThumbnail(Readable.from([input.subarray(0, 50), input.subarray(50)]));
    const meta = await sharp(thumb).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 60]);
  });

  it('refuses, from its header alone, a picture of more than about 26 million pixels', async () => {
    // A small file that claims many pixels: interlaced, so a decoder would need all of them at once.
    const side = 5200;
    const bomb = await sharp(Buffer.alloc(side * side, 200), {
      raw: { width: side, height: side, channels: 1 },
    })
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refusal = await createThumbnail(bomb).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'UNPROCESSABLE' });
    expect(String((refusal as Error).cause)).toMatch(/pixel limit/);
  });

  it('still makes a thumbnail of a 24-megapixel camera photo', async () => {
    const thumb = await createThumbnail(await cameraJpeg(6000, 4000));
    const meta = await sharp(thumb).metadata();
    expect([meta.width, meta.height]).toEqual([480, 320]);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(createThumbnail(Buffer.from('%PDF-1.7 not an image'))).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
    });
  });

  it('fails instead of hanging when the source stream breaks', async () => {
    const input = await cameraJpeg(400, 200);
    const source = new PassThrough();
    const result = createThumbnail(source);
    source.write(input.subarray(0, 100));
    source.destroy(new Error('connection reset'));
    await expect(result).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
  });
});
