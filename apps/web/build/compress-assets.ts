import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser downloads; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the headers outweigh the savings (the server's dynamic threshold too). */
const MIN_BYTES = 1024;

/** The files the server sends: not the dot folder of what it runs itself (.server, build/prerender.ts). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    return entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)];
  });
}

/**
 * Writes `.br` (brotli at its highest quality) and `.gz` copies beside each text file of the build,
 * once, so the server (@fastify/static's preCompressed) sends them without compressing per request.
 */
export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'evident:compress-assets',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // closeBundle: after every writeBundle, so the prerendered HTML is compressed in its final form.
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const content = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
        }
      },
    },
  };
}
