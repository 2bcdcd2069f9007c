import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

// Issue 20 on the bundle as `pnpm start` runs it: the server built by build.mjs, the web app by its
// Vite build (brotli and gzip copies, prerendered pages), plain node.
const serverRoot = new URL('..', import.meta.url).pathname;
const webRoot = new URL('../../web', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function build(serverOut: string, webOut: string) {
  const serverBuild = spawnSync(process.execPath, ['build.mjs', '--outdir', serverOut], {
    cwd: serverRoot,
    encoding: 'utf8',
  });
  expect(serverBuild.status, serverBuild.stderr).toBe(0);
  const webBuild = spawnSync(
    join(webRoot, 'node_modules/.bin/vite'),
    ['build', '--outDir', webOut, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: webRoot, encoding: 'utf8' },
  );
  expect(webBuild.status, webBuild.stderr).toBe(0);
}

async function healthy(server: ChildProcess, base: string) {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/healthz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

export type WebBundle = Awaited<ReturnType<typeof startWebBundle>>;

/**
 * Builds the server and the web app into folders of their own and starts the server on the demo
 * data. Everything lives in the call, not the module: test files share a worker's modules.
 */
export async function startWebBundle() {
  // Inside the package, so the packages left external resolve from its node_modules as dist/ does.
  const serverOut = mkdtempSync(join(serverRoot, '.bundle-test-web-'));
  const webOut = mkdtempSync(join(tmpdir(), 'evident-web-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'evident-web-bundle-'));
  let server: ChildProcess | undefined;
  const close = () => {
    server?.kill('SIGTERM');
    rmSync(serverOut, { recursive: true, force: true });
    rmSync(webOut, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    build(serverOut, webOut);
    server = spawn(process.execPath, [join(serverOut, 'main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webOut,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
    });
    await healthy(server, base);
  } catch (error) {
    close();
    throw error;
  }

  return {
    base,
    webOut,
    close,

    /** A demo person's session cookie. */
    async signIn(email: string): Promise<string> {
      const answer = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'evident-demo' }),
      });
      expect(answer.status).toBe(200);
      return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    },

    /** node:http rather than fetch: fetch decodes bodies and hides what came over the wire. */
    get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const req = request(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
    },

    entryScript(): string {
      const name = readdirSync(join(webOut, 'assets')).find((file) => /^index-.+\.js$/.test(file));
      if (!name) throw new Error('no entry script in the web build');
      return `/assets/${name}`;
    },
  };
}

/** The page's instructions for public/boot.js (build/prerender.ts). */
export function bootConfig(html: string): unknown {
  const json = html.match(/<script type="application\/json" id="evident-boot">(.*?)<\/script>/)?.[1];
  if (!json) throw new Error('no boot instructions in the page');
  return JSON.parse(json);
}
