// Builds the client for use outside this repository: dist/index.js (esbuild, ESM for Node) and
// dist/index.d.ts. The declarations carry the AppRouter type: tsc emits declarations for the client
// and every workspace file its types reach (tsconfig.build.json maps @evident/* to their sources),
// then the workspace specifiers are rewritten to relative paths inside dist, so a consumer needs only
// the published dependencies (@trpc/*, zod, drizzle-orm), never this monorepo.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const types = join(dist, 'types');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@trpc/client', '@trpc/server'],
  logLevel: 'warning',
});

const tsc = join(root, 'node_modules/.bin/tsc');
try {
  execFileSync(existsSync(tsc) ? tsc : 'tsc', ['-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
} catch {
  process.exit(1);
}

/** `@evident/api/root` -> `<types>/packages/api/src/root.d.ts`, as the packages' exports maps say. */
function workspaceTarget(specifier) {
  const match = specifier.match(/^@evident\/(api|core|db)\/(.+)$/);
  return match ? join(types, 'packages', match[1], 'src', `${match[2]}.d.ts`) : null;
}

function relativeSpecifier(fromFile, targetDts) {
  let path = relative(dirname(fromFile), targetDts)
    .replace(/\\/g, '/')
    .replace(/\.d\.ts$/, '.js');
  if (!path.startsWith('.')) path = `./${path}`;
  return path;
}

function rewrite(file) {
  const source = readFileSync(file, 'utf8');
  const out = source.replace(/(from\s+|import\()(['"])([^'"]+)\2/g, (whole, lead, quote, specifier) => {
    let target = workspaceTarget(specifier);
    if (!target && specifier.startsWith('.') && !/\.js$/.test(specifier)) {
      const base = resolve(dirname(file), specifier);
      target = existsSync(`${base}.d.ts`)
        ? `${base}.d.ts`
        : existsSync(join(base, 'index.d.ts'))
          ? join(base, 'index.d.ts')
          : null;
    }
    if (!target) return whole;
    if (!existsSync(target)) throw new Error(`${file}: ${specifier} has no emitted declaration`);
    return `${lead}${quote}${relativeSpecifier(file, target)}${quote}`;
  });
  if (out !== source) writeFileSync(file, out);
}

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (path.endsWith('.d.ts')) rewrite(path);
  }
}
walk(types);
writeFileSync(join(dist, 'index.d.ts'), "export * from './types/packages/client/src/index.js';\n");
console.log(`@evident/client built in ${relative(process.cwd(), dist) || dist}`);
