// Bundles the server and the CLI into dist/ so `pnpm start` runs plain node, with no transpiler
// in memory. Our workspace packages are bundled; packages that load native binaries, WASM or
// worker files by path stay external and resolve from this package's node_modules.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// `--outdir DIR` (inside this package, so the external packages resolve) is for the bundle's test.
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? process.argv[outdirArg + 1] : here('dist');

const external = [
  '@electric-sql/pglite',
  'sharp',
  '@node-rs/argon2',
  // pino runs transports (pino-pretty) in worker threads it finds by file path.
  'pino',
  'pino-pretty',
  // pdfmake's virtual file system and pdfkit read their own data files (font metrics, the sRGB
  // profile) through `__dirname`, which an ESM bundle has no value for; bundled, the assessment record
  // answered 500. Loaded from node_modules, they see their own folders, as under tsx.
  'pdfmake',
];

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: here('src/main.ts'),
    cli: here('src/cli.ts'),
    // Forked by the server on a new embedded database (src/database-setup.ts).
    'database-setup-child': here('src/database-setup-child.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  // Bundled CommonJS packages still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __evidentRequire } from 'node:module'; const require = __evidentRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// Read by path at run time, beside the bundle: packages/db's client looks for the migrations there,
// reports/script-fonts.ts for the assessment record's fonts.
cpSync(here('../../packages/db/migrations'), `${outdir}/migrations`, { recursive: true });
cpSync(here('assets/fonts'), `${outdir}/assets/fonts`, { recursive: true });
