import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('what a fresh clone meets', () => {
  it('README and docs link only to files inside the repository that exist', () => {
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)];
    for (const page of pages.filter((path) => path.endsWith('.md'))) {
      for (const [, target = ''] of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const file = resolve(root, page, '..', target.split('#')[0] ?? '');
        expect(relative(root, file).startsWith('..'), `${page} -> ${target}`).toBe(false);
        expect(existsSync(file), `${page} -> ${target}`).toBe(true);
      }
    }
  });

  it('npm and npx find no pnpm-only settings to warn about', () => {
    const npmrc = existsSync(join(root, '.npmrc')) ? read('.npmrc') : '';
    expect(npmrc).not.toMatch(/auto-install-peers/);
    expect(read('pnpm-workspace.yaml')).toMatch(/^autoInstallPeers: true$/m);
  });

  it('pnpm start runs the built server with plain node, rebuilding first', () => {
    const start = read('scripts/start.mjs');
    expect(start).not.toMatch(/tsx/);
    expect(start).toContain("'run', 'build'");
    expect(start).toContain('apps/server/dist/main.js');
    expect(JSON.parse(read('apps/server/package.json')).scripts.build).toBe('node build.mjs');
  });
});
