import { join } from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';
import { launchChromium, median, report, root } from './harness';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** Smooth random bumps about `cell` pixels apart (value noise, smoothstep between grid points), in -1..1. */
function valueNoise(width: number, height: number, cell: number): (x: number, y: number) => number {
  const columns = Math.ceil(width / cell) + 2;
  const grid = Float32Array.from(
    { length: columns * (Math.ceil(height / cell) + 2) },
    () => Math.random() * 2 - 1,
  );
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const gx = Math.floor(x / cell);
    const gy = Math.floor(y / cell);
    const tx = smooth(x / cell - gx);
    const ty = smooth(y / cell - gy);
    const at = (dx: number, dy: number) => grid[(gy + dy) * columns + gx + dx] ?? 0;
    return (at(0, 0) * (1 - tx) + at(1, 0) * tx) * (1 - ty) + (at(0, 1) * (1 - tx) + at(1, 1) * tx) * ty;
  };
}

/**
 * A 4000x3000 photo that compresses like a phone's (about 3.5 MB at quality 93): a sky gradient with
 * soft cloud, gravelly ground with texture at three scales, a vignette, mild sensor grain, and EXIF.
 */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const cloud = valueNoise(width, height, 240);
  const coarse = valueNoise(width, height, 64);
  const mid = valueNoise(width, height, 12);
  const fine = valueNoise(width, height, 3);
  const pixels = Buffer.alloc(width * height * 3);
  const horizon = height * 0.42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      const vignette = 1 - 0.35 * (dx * dx + dy * dy);
      let r: number;
      let g: number;
      let b: number;
      if (y < horizon) {
        const t = y / horizon;
        const c = 22 * cloud(x, y);
        r = 110 + 90 * t + c;
        g = 150 + 70 * t + c;
        b = 215 + 25 * t + c / 2;
      } else {
        const t = (y - horizon) / (height - horizon);
        const texture = 70 * (0.5 * coarse(x, y) + 0.35 * mid(x, y) + 0.15 * fine(x, y));
        r = 135 - 40 * t + 1.6 * texture;
        g = 118 - 30 * t + 1.4 * texture;
        b = 80 - 20 * t + 0.8 * texture;
      }
      const grain = (Math.random() + Math.random() - 1) * 9;
      const i = (y * width + x) * 3;
      // Buffer writes wrap rather than clamp, so clamp here.
      pixels[i] = Math.max(0, Math.min(255, r * vignette + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g * vignette + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b * vignette + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 93 })
    .withExif({
      IFD0: {
        Make: 'Evident',
        Model: 'Bench Phone 12MP',
        Software: 'evident bench',
        DateTime: '2025:03:14 09:26:53',
      },
      IFD2: { DateTimeOriginal: '2025:03:14 09:26:53', ExposureTime: '1/250', FNumber: '18/10' },
    })
    .toBuffer();
}

/** The web app's compressor, bundled on its own for a blank page; it exposes `window.compressImage`. */
async function bundleCompressor(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'apps/web/src/features/evidence/compress-image.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'evidentCompressImage',
    platform: 'browser',
    target: 'es2022',
    footer: { js: 'window.compressImage = evidentCompressImage.compressImage;' },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output');
  return output.text;
}

type PageResult = {
  times: number[];
  size: number;
  reencoded: boolean;
  dimensions: { width: number; height: number } | null;
};

export async function benchPhotoCompression(): Promise<void> {
  const [photo, script] = await Promise.all([twelveMegapixelJpeg(), bundleCompressor()]);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: script });
    const result = await page.evaluate(
      async ({ base64, runs }): Promise<PageResult> => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const file = new Blob([bytes], { type: 'image/jpeg' });
        const compress = (window as unknown as { compressImage: CompressImage }).compressImage;
        const times: number[] = [];
        let last: Awaited<ReturnType<CompressImage>> | null = null;
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          last = await compress(file, 'IMG_0001.jpg');
          times.push(performance.now() - started);
        }
        if (!last) throw new Error('no runs');
        return { times, size: last.blob.size, reencoded: last.reencoded, dimensions: last.dimensions };
      },
      { base64: photo.toString('base64'), runs: 5 },
    );
    report('12 MP JPEG (4000x3000, q93, EXIF): input size', mb(photo.length));
    report(
      '  compressed in headless Chromium: output size',
      result.reencoded ? mb(result.size) : 'not re-encoded',
      '< 1 MB',
    );
    if (result.dimensions) {
      report('  output dimensions', `${result.dimensions.width}x${result.dimensions.height}`);
    }
    report('  compression time (median of 5)', `${median(result.times).toFixed(0)} ms`);
  } finally {
    await browser.close();
  }
}

/** What the page calls; declared here because the web app's types need its own tsconfig. */
type CompressImage = (
  file: Blob,
  fileName: string,
) => Promise<{ blob: Blob; reencoded: boolean; dimensions: { width: number; height: number } | null }>;
