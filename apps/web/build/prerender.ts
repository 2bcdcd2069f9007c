import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';

type Prerendered = { renderLanding(): Promise<string>; renderShell(): Promise<string> };

const ROOT_DIV = '<div id="root"></div>';

/** Scripts from the render (the router's scroll restoration) are dropped: the CSP forbids inline ones. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

/** The landing page's own chunk and what it imports, fetched alongside the entry instead of after it. */
function landingPreloads(bundle: Rollup.OutputBundle): string {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('features/landing/landing-page.tsx'));
  if (!landing) throw new Error('prerender: no landing-page chunk in the bundle');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  return [landing.fileName, ...landing.imports]
    .filter((file) => !already.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * After the client build: renders src/prerender.tsx in Node (a second, server-side build of the same
 * sources, so CSS module class names match the stylesheet) and writes
 * - landing.html: `/` for a visitor without a session cookie (the server picks it), the landing page;
 * - index.html: every other page, the signed-in app shell with placeholders.
 * main.tsx replaces either once the page's code is loaded.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'evident:prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const ssrDir = join(root, 'node_modules/.prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        ssr: { noExternal: [/^@evident\//] },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      try {
        const pages = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as Prerendered;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!template.includes(ROOT_DIV)) throw new Error(`prerender: index.html has no ${ROOT_DIV}`);
        const landing = withoutScripts(await pages.renderLanding());
        const shell = withoutScripts(await pages.renderShell());
        writeFileSync(
          join(outDir, 'landing.html'),
          template
            .replace('</head>', `${landingPreloads(bundle)}</head>`)
            .replace(ROOT_DIV, `<div id="root">${landing}</div>`),
        );
        writeFileSync(
          join(outDir, 'index.html'),
          template.replace(ROOT_DIV, `<div id="root">${shell}</div>`),
        );
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
