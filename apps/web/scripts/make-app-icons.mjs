// Makes the installed app's icons (issue 18) from the logo in public/favicon.svg, at the sizes the
// platforms ask for: 192 and 512 (Android, desktop Chromium), 512 maskable (Android cuts its own
// shape out of a full-bleed square), 180 (iOS home screen, which rounds the corners itself).
// The PNGs are committed; run again after the logo changes: node apps/web/scripts/make-app-icons.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = await readFile(`${publicDir}favicon.svg`, 'utf8');
const mark = logo.match(/<path [^>]*\/>/)?.[0];
if (!mark) throw new Error('favicon.svg has no check-mark path');

/** The mark on a full square of the brand colour, shrunk into the platform's safe zone. */
function fullBleed(scale) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0ca678"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${mark}</g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  // The maskable safe zone is the centre circle of 80% diameter.
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.72) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.85) },
];
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${publicDir}icons/${file}`);
  console.log(`public/icons/${file} ${size}x${size}`);
}
