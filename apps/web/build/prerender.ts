import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { firstScreens, signedInModules } from '../src/start-up/first-screen-needs';

type Prerendered = {
  renderLanding(): Promise<string>;
  renderShell(): Promise<string>;
  renderMantineStyles(): Promise<string>;
};

const ROOT_DIV = '<div id="root"></div>';
const LANDING = 'src/features/landing/landing-page.tsx';
const BOOT_SCRIPT = '<script async src="/boot.js"></script>';
/** Where the build's output for the server lives: a dot folder, which the server never serves. */
const SERVER_DIR = '.server';
/** Filled by the server (apps/server/src/first-screen.ts): the first screen's markup and its answers. */
const FIRST_SCREEN = '<!--evident:first-screen-->';
const FIRST_ANSWERS = '<!--evident:first-answers-->';

/** Scripts from the render (the router's scroll restoration) are dropped: the CSP forbids inline ones. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

type Chunk = Rollup.OutputChunk;

function chunksOf(bundle: Rollup.OutputBundle): Chunk[] {
  return Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
}

/** A chunk and every chunk it imports, directly or not. */
function withImports(chunk: Chunk, byName: Map<string, Chunk>): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  visit(chunk.fileName);
  return [...seen];
}

/**
 * The files a module's code needs beyond what the entry script brings (the entry and its imports are
 * loaded anyway), as URLs. Fails the build if no chunk holds the module: a renamed screen must be
 * renamed in src/start-up/first-screen-needs.ts too.
 */
function chunksFor(module: string, bundle: Rollup.OutputBundle): string[] {
  const chunks = chunksOf(bundle);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const already = new Set(entry ? withImports(entry, byName) : []);
  const holders = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.split('?')[0]?.endsWith(module)));
  // A route file is in two: its options in the entry's route tree, its screen (`?tsr-split=component`)
  // in a chunk of its own, which is the one to load.
  const holder = holders.find((chunk) => !already.has(chunk.fileName)) ?? holders[0];
  if (!holder) throw new Error(`prerender: no chunk in the bundle holds ${module}`);
  return withImports(holder, byName)
    .filter((file) => !already.has(file))
    .map((file) => `/${file}`);
}

/** The app's entry script, as a URL. */
function entryScript(bundle: Rollup.OutputBundle): string {
  const entry = chunksOf(bundle).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('prerender: no entry chunk in the bundle');
  return `/${entry.fileName}`;
}

/** public/boot.js's instructions, as data: a JSON script block is never run, so the CSP allows it. */
function bootConfig(config: unknown): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="evident-boot">${json}</script>`;
}

/** By page and role, the first screen's queries and code (src/start-up/first-screen-needs.ts), and the shared code. */
function screensBoot(bundle: Rollup.OutputBundle) {
  const screens = Object.fromEntries(
    Object.entries(firstScreens).map(([path, byRole]) => [
      path,
      Object.fromEntries(
        Object.entries(byRole).map(([role, screen]) => [
          role,
          { queries: screen.queries, chunks: chunksFor(screen.module, bundle) },
        ]),
      ),
    ]),
  );
  const signedIn = [...new Set(signedInModules.flatMap((module) => chunksFor(module, bundle)))];
  return { screens, signedIn };
}

/**
 * After the client build: renders src/prerender.tsx in Node (a second, server-side build of the same
 * sources, so CSS module class names match the stylesheet) and writes
 * - landing.html: `/` for a visitor without a session cookie (the server picks it), the landing page;
 * - index.html: every other page, the signed-in app shell with placeholders;
 * - .server/page.html: the page the server fills with a signed-in person's first screen and its
 *   answers (apps/server/src/first-screen.ts), beside the render itself (.server/first-screen.mjs).
 * main.tsx replaces any of them once the page's code is loaded.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let production = true;
  return {
    name: 'evident:prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      production = config.isProduction;
    },
    async writeBundle(_options, bundle) {
      const serverDir = join(outDir, SERVER_DIR);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        // Everything bundled in: the server imports the render from the built web app alone, whatever
        // is installed beside it.
        ssr: { noExternal: true },
        publicDir: false,
        // React's build fixed here, as the app's: otherwise the server's own NODE_ENV picks it at run
        // time, and a server that does not set it renders with the development one, several times
        // slower. A development build of the app (NODE_ENV=test) keeps React's development build,
        // whose JSX transform it uses.
        define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
        build: {
          ssr: true,
          outDir: serverDir,
          emptyOutDir: true,
          rolldownOptions: {
            input: { prerender: 'src/prerender.tsx', 'first-screen': 'src/server-render.tsx' },
            output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
          },
        },
      });
      try {
        const pages = (await import(pathToFileURL(join(serverDir, 'prerender.mjs')).href)) as Prerendered;
        const built = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!built.includes(ROOT_DIV)) throw new Error(`prerender: index.html has no ${ROOT_DIV}`);
        if (!built.includes('</head>')) throw new Error('prerender: index.html has no </head>');
        // Every page carries the theme's variables in its head (src/ui-kit/theme.ts, mantineProviderProps).
        const template = built.replace('</head>', `${await pages.renderMantineStyles()}</head>`);
        const landing = withoutScripts(await pages.renderLanding());
        const shell = withoutScripts(await pages.renderShell());
        const entry = entryScript(bundle);
        const entryTag = `<script type="module" crossorigin src="${entry}"></script>`;
        if (!template.includes(entryTag)) throw new Error(`prerender: index.html has no ${entryTag}`);
        if (!template.includes(BOOT_SCRIPT)) throw new Error(`prerender: index.html has no ${BOOT_SCRIPT}`);
        writeFileSync(
          join(outDir, 'landing.html'),
          template
            // The landing page runs without the app until the visitor starts using it (boot.js), and
            // without the entry's own imports, which Vite links as modulepreloads (the entry brings them).
            .replace(entryTag, '')
            .replace(/<link rel="modulepreload"[^>]*>\n?/g, '')
            .replace(
              BOOT_SCRIPT,
              `${bootConfig({ entry, chunks: chunksFor(LANDING, bundle) })}${BOOT_SCRIPT}`,
            )
            .replace(ROOT_DIV, `<div id="root">${landing}</div>`),
        );
        const screens = screensBoot(bundle);
        writeFileSync(
          join(outDir, 'index.html'),
          template
            .replace(BOOT_SCRIPT, `${bootConfig(screens)}${BOOT_SCRIPT}`)
            .replace(ROOT_DIV, `<div id="root">${shell}</div>`),
        );
        writeFileSync(
          join(serverDir, 'page.html'),
          template
            // Painted first, then boot.js loads the code: a phone's bandwidth goes to the stylesheet
            // the paint waits for, not to scripts that run after it.
            .replace(entryTag, '')
            .replace(/<link rel="modulepreload"[^>]*>\n?/g, '')
            .replace(
              BOOT_SCRIPT,
              `${bootConfig({ ...screens, entry, rendered: true })}${FIRST_ANSWERS}${BOOT_SCRIPT}`,
            )
            .replace(ROOT_DIV, `<div id="root">${FIRST_SCREEN}</div>`),
        );
      } finally {
        // Used once, here; the server needs only the first screen's render.
        rmSync(join(serverDir, 'prerender.mjs'), { force: true });
      }
    },
  };
}
