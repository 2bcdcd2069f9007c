import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressImage } from './compress-image';

/**
 * Node has no createImageBitmap or OffscreenCanvas: these stand-ins decode to a bitmap of a chosen
 * size and encode to a JPEG of a chosen byte count, which is all the choice of what to upload needs.
 */
function fakeBrowser(options: {
  decoded: { width: number; height: number } | null;
  encodedBytes: number | null;
}) {
  const close = vi.fn();
  const decode = vi.fn(async () => {
    if (!options.decoded)
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { ...options.decoded, close };
  });
  const canvases: { width: number; height: number }[] = [];
  class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {
      canvases.push({ width, height });
    }
    getContext() {
      return { fillRect() {}, drawImage() {} };
    }
    async convertToBlob() {
      if (options.encodedBytes === null) throw new DOMException('Out of memory', 'EncodingError');
      return new Blob([new Uint8Array(options.encodedBytes)], { type: 'image/jpeg' });
    }
  }
  vi.stubGlobal('createImageBitmap', decode);
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return { decode, close, canvases };
}

const photo = (bytes: number, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

describe('compressImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a decodable photo re-encoded even when the JPEG is larger than the original', async () => {
    const browser = fakeBrowser({ decoded: { width: 640, height: 480 }, encodedBytes: 9_000 });
    const result = await compressImage(photo(3_000), 'squeezed.jpeg');
    expect(result.reencoded).toBe(true);
    expect(result.blob.size).toBe(9_000);
    expect(result).toMatchObject({ fileName: 'squeezed.jpg', fileType: 'image/jpeg' });
    expect(browser.close).toHaveBeenCalledOnce();
  });

  it('decodes with the EXIF orientation applied and fits the longest side within 2560 px', async () => {
    const browser = fakeBrowser({ decoded: { width: 3000, height: 4000 }, encodedBytes: 500_000 });
    const result = await compressImage(photo(4_000_000), 'IMG_0042.JPG');
    expect(browser.decode).toHaveBeenCalledWith(expect.any(Blob), { imageOrientation: 'from-image' });
    expect(browser.canvases).toEqual([{ width: 1920, height: 2560 }]);
    expect(result.dimensions).toEqual({ width: 1920, height: 2560 });
    expect(result.originalDimensions).toEqual({ width: 3000, height: 4000 });
  });

  it('sends a photo this browser cannot decode as it was chosen', async () => {
    fakeBrowser({ decoded: null, encodedBytes: 1_000 });
    const file = photo(3_000);
    const result = await compressImage(file, 'odd.jpg');
    expect(result).toMatchObject({
      blob: file,
      fileName: 'odd.jpg',
      fileType: 'image/jpeg',
      reencoded: false,
    });
  });

  it('leaves HEIC alone without trying to decode it', async () => {
    const browser = fakeBrowser({ decoded: { width: 640, height: 480 }, encodedBytes: 1_000 });
    const file = photo(3_000, 'image/heic');
    const result = await compressImage(file, 'IMG_0001.HEIC');
    expect(result.blob).toBe(file);
    expect(browser.decode).not.toHaveBeenCalled();
  });

  it('fails rather than send the original when a decoded photo cannot be re-encoded', async () => {
    const browser = fakeBrowser({ decoded: { width: 640, height: 480 }, encodedBytes: null });
    await expect(compressImage(photo(3_000), 'photo.jpg')).rejects.toThrow();
    expect(browser.close).toHaveBeenCalledOnce();
  });
});
